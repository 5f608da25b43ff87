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
    /** Bit i: {@code ALL[i]} has been seen. */
    private int seen;
    /**
     * Immutable, replaced by every reading: a port snapshot shares them instead of copying (two arrays a port, 4 MB
     * at 10,000 ports).
     */
    private CounterValues totals = CounterValues.EMPTY;
    private CounterValues deltas = CounterValues.EMPTY;
    private long resets;
    private CounterSample latest;

    public List<String> add(CounterSample sample) {
        List<String> wentDown = List.of();
        long[] total = totals.copyByOrdinal();
        long[] delta = new long[ALL.length];
        for (IbaCounter c : ALL) {
            int i = c.ordinal();
            if (!sample.reported(c)) {
                continue; // its delta stays 0
            }
            long v = sample.value(c);
            if ((seen & (1 << i)) == 0) {
                seen |= 1 << i;
                total[i] = v;
            } else if (Long.compareUnsigned(v, last[i]) < 0) {
                if (wentDown.isEmpty()) {
                    wentDown = new ArrayList<>();
                }
                wentDown.add(c.ibaName() + " " + Long.toUnsignedString(last[i]) + " -> " + Long.toUnsignedString(v));
            } else {
                delta[i] = v - last[i];
                total[i] += delta[i];
            }
            last[i] = v;
        }
        if (!wentDown.isEmpty()) {
            resets++;
        }
        totals = new CounterValues(seen, total);
        deltas = new CounterValues(seen, delta);
        latest = sample;
        return wentDown;
    }

    /** Every counter seen so far and its total: what a snapshot keeps. */
    public CounterValues totals() {
        return totals;
    }

    /** Every counter seen so far and its growth over the last interval. */
    public CounterValues deltas() {
        return deltas;
    }

    public long total(IbaCounter c) {
        return totals.value(c);
    }

    public long delta(IbaCounter c) {
        return deltas.value(c);
    }

    public boolean seen(IbaCounter c) {
        return (seen & (1 << c.ordinal())) != 0;
    }

    public long resets() {
        return resets;
    }

    public CounterSample latest() {
        return latest;
    }
}
