package io.fabrichealth.probes.smp.health;

import io.fabrichealth.probes.mad.ClassPortInfo;
import io.fabrichealth.probes.mad.PortCounters;
import io.fabrichealth.probes.mad.PortCountersExtended;

/**
 * One reading of a port's counters, every {@link IbaCounter} from the widest field the port fills. Values are
 * unsigned bit patterns; {@link #bits} is 0 for a counter the port does not report.
 */
public final class CounterSample {
    private static final IbaCounter[] ALL = IbaCounter.values();

    private final long[] values = new long[ALL.length];
    private final int[] bits = new int[ALL.length];

    private CounterSample() {
    }

    /**
     * @param pc  PortCounters, or null when it was not read
     * @param pce PortCountersExtended, or null when the port has none (ClassPortInfo without ExtendedWidth)
     */
    public static CounterSample of(PortCounters pc, PortCountersExtended pce, ClassPortInfo pma) {
        CounterSample s = new CounterSample();
        for (IbaCounter c : ALL) {
            int b = c.bits(pc, pce, pma);
            s.bits[c.ordinal()] = b;
            s.values[c.ordinal()] = b == 0 ? 0 : c.value(pc, pce, pma);
        }
        return s;
    }

    /** For tests and tools: explicit values, each with its field width (0 = not reported). */
    public static CounterSample ofValues(long[] values, int[] bits) {
        if (values.length != ALL.length || bits.length != ALL.length) {
            throw new IllegalArgumentException("one value and one width per IbaCounter (" + ALL.length + ")");
        }
        CounterSample s = new CounterSample();
        System.arraycopy(values, 0, s.values, 0, ALL.length);
        System.arraycopy(bits, 0, s.bits, 0, ALL.length);
        return s;
    }

    public boolean reported(IbaCounter c) {
        return bits[c.ordinal()] != 0;
    }

    public long value(IbaCounter c) {
        return values[c.ordinal()];
    }

    public int bits(IbaCounter c) {
        return bits[c.ordinal()];
    }

    /** The field reads all ones: IBA counters stop there, so the true count is unknown until a reset. */
    public boolean saturated(IbaCounter c) {
        int b = bits[c.ordinal()];
        return b != 0 && b < 64 && values[c.ordinal()] == (1L << b) - 1;
    }
}
