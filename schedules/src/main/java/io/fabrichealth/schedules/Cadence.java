package io.fabrichealth.schedules;

import java.io.Serializable;
import java.time.Duration;
import java.util.Date;
import org.quartz.CronExpression;

/**
 * The nominal slots of a schedule, before jitter: a fixed grid for {@code every}, the cron fire times for
 * {@code cron}. Jitter moves each run around its slot but never moves the slots, so a schedule does not drift.
 */
sealed interface Cadence extends Serializable {

    /** The first slot at or after {@code start} (epoch millis). */
    long first(long start);

    /**
     * The first slot strictly after {@code after} on the sequence that passes through {@code slot}; {@code slot}
     * itself while {@code after} is earlier.
     */
    long next(long slot, long after);

    /**
     * How far the run of {@code slot} moves, for a uniform {@code u} in [0, 1). Interval runs move up to
     * {@code fraction} of the interval either way (a fleet spreads out both ways around the grid). Cron runs only
     * move later, by up to {@code fraction} of the gap to the next cron time: an operator who wrote "at 02:00"
     * never sees a run at 01:59.
     */
    long offset(long slot, double fraction, double u);

    /** The gap from {@code slot} to the next slot: how long a run may take without overrunning. */
    default long gap(long slot) {
        return next(slot, slot) - slot;
    }

    /** Slots from {@code slot} up to and including {@code until}; 0 when {@code slot} is later. */
    long slotsUpTo(long slot, long until);

    record Every(long millis) implements Cadence {
        public Every {
            if (millis <= 0) {
                throw new IllegalArgumentException("interval must be positive, got " + millis + " ms");
            }
        }

        static Every of(Duration interval) {
            return new Every(interval.toMillis());
        }

        @Override
        public long first(long start) {
            return start;
        }

        @Override
        public long next(long slot, long after) {
            return after < slot ? slot : slot + ((after - slot) / millis + 1) * millis;
        }

        @Override
        public long offset(long slot, double fraction, double u) {
            return Math.round((2 * u - 1) * fraction * millis);
        }

        @Override
        public long slotsUpTo(long slot, long until) {
            return until < slot ? 0 : (until - slot) / millis + 1;
        }
    }

    record Cron(CronExpression expression) implements Cadence {
        /** Counting skipped cron slots stops here; a second-by-second cron paused for a day is not worth a loop. */
        private static final int MAX_COUNTED = 100_000;

        @Override
        public long first(long start) {
            return after(start - 1);
        }

        @Override
        public long next(long slot, long after) {
            return after < slot ? slot : after(after);
        }

        @Override
        public long offset(long slot, double fraction, double u) {
            return Math.round(u * fraction * gap(slot));
        }

        @Override
        public long slotsUpTo(long slot, long until) {
            if (until < slot) {
                return 0;
            }
            long n = 1;
            for (long s = next(slot, slot); s <= until && n < MAX_COUNTED; s = next(s, s)) {
                n++;
            }
            return n;
        }

        private long after(long t) {
            Date d = expression.getNextValidTimeAfter(new Date(t));
            if (d == null) {
                throw new IllegalStateException("cron '" + expression.getCronExpression()
                        + "' has no fire time after " + new Date(t) + "; use an expression that repeats");
            }
            return d.getTime();
        }
    }
}
