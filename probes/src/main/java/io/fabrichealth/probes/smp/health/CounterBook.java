package io.fabrichealth.probes.smp.health;

import java.util.ArrayList;
import java.util.List;

/**
 * A port's counters over time: 64-bit accumulators and the delta of the last interval. The first reading sets
 * the baseline (accumulator = reading, delta 0). A reading below the previous one is a reset by someone else
 * (perfquery -R, a PerfMgr, a reboot): the book re-baselines on it, reports the reset, and the delta of that
 * interval is 0, never negative. A saturated narrow counter stops moving, so its delta is 0 until it is reset.
 * The agent itself never resets counters: it sends no Set.
 */
public final class CounterBook {
    private static final IbaCounter[] ALL = IbaCounter.values();

    private final long[] last = new long[ALL.length];
    private final long[] total = new long[ALL.length];
    private final long[] delta = new long[ALL.length];
    private final boolean[] seen = new boolean[ALL.length];
    private long resets;
    private CounterSample latest;

    /**
     * Adds a reading.
     *
     * @return the counters that went down since the previous reading, as "Name old -> new"
     */
    public List<String> add(CounterSample sample) {
        List<String> wentDown = new ArrayList<>();
        for (IbaCounter c : ALL) {
            int i = c.ordinal();
            if (!sample.reported(c)) {
                delta[i] = 0;
                continue;
            }
            long v = sample.value(c);
            if (!seen[i]) {
                seen[i] = true;
                total[i] = v;
                delta[i] = 0;
            } else if (Long.compareUnsigned(v, last[i]) < 0) {
                wentDown.add(c.ibaName() + " " + Long.toUnsignedString(last[i]) + " -> " + Long.toUnsignedString(v));
                delta[i] = 0;
            } else {
                delta[i] = v - last[i];
                total[i] += delta[i];
            }
            last[i] = v;
        }
        if (!wentDown.isEmpty()) {
            resets++;
        }
        latest = sample;
        return wentDown;
    }

    /** The accumulated count since the first reading (which it starts from); unsigned. */
    /** Every counter seen so far and its total: what a snapshot keeps. */
    public CounterValues totals() {
        return CounterValues.of(seen, total);
    }

    /** Every counter seen so far and its growth over the last interval. */
    public CounterValues deltas() {
        return CounterValues.of(seen, delta);
    }

    public long total(IbaCounter c) {
        return total[c.ordinal()];
    }

    /** The growth over the last interval; 0 at the first reading and after a reset. */
    public long delta(IbaCounter c) {
        return delta[c.ordinal()];
    }

    public boolean seen(IbaCounter c) {
        return seen[c.ordinal()];
    }

    /** Readings in which at least one counter went down. */
    public long resets() {
        return resets;
    }

    /** The last reading, or null before the first. */
    public CounterSample latest() {
        return latest;
    }
}
