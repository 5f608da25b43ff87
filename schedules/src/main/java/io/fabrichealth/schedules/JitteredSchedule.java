package io.fabrichealth.schedules;

import io.fabrichealth.config.ScheduleConfig;
import java.text.ParseException;
import java.util.concurrent.ThreadLocalRandom;
import org.quartz.CronExpression;
import org.quartz.ScheduleBuilder;
import org.quartz.spi.MutableTrigger;

/** Builds a {@link JitteredTrigger} for {@code TriggerBuilder.withSchedule}. */
public final class JitteredSchedule extends ScheduleBuilder<JitteredTrigger> {
    private final Cadence cadence;
    private final double fraction;
    private final long seed;

    JitteredSchedule(Cadence cadence, double fraction, long seed) {
        this.cadence = cadence;
        this.fraction = fraction;
        this.seed = seed;
    }

    /** A fresh random seed per trigger, so two agents (or two schedules) never share a jitter sequence. */
    public static JitteredSchedule of(ScheduleConfig schedule) {
        return of(schedule, ThreadLocalRandom.current().nextLong());
    }

    static JitteredSchedule of(ScheduleConfig schedule, long seed) {
        return new JitteredSchedule(cadenceOf(schedule), schedule.jitter().fraction(), seed);
    }

    static Cadence cadenceOf(ScheduleConfig s) {
        if (s.every() != null) {
            return Cadence.Every.of(s.every());
        }
        if (s.cron() == null) {
            throw new IllegalArgumentException("schedule " + s.name() + " has neither every nor cron; "
                    + "load the config through ConfigLoader, which rejects that");
        }
        try {
            return new Cadence.Cron(new CronExpression(s.cron()));
        } catch (ParseException e) {
            throw new IllegalArgumentException("schedule " + s.name() + ": bad cron '" + s.cron() + "': "
                    + e.getMessage(), e);
        }
    }

    @Override
    protected MutableTrigger build() {
        return new JitteredTrigger(cadence, fraction, seed);
    }
}
