package io.fabrichealth.probes.smp.health;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * An immutable map from counter to value that holds one {@code long} per counter, by ordinal. Every port snapshot
 * keeps two (totals and deltas), shared with the port's {@link CounterBook}: as EnumMaps of boxed Longs they were
 * about 1 KB a port, 10 MB at 10,000 ports. Equal to any map with the same entries, in counter order like an
 * EnumMap.
 */
public final class CounterValues extends AbstractMap<IbaCounter, Long> {
    private static final IbaCounter[] ALL = IbaCounter.values();
    public static final CounterValues EMPTY = new CounterValues(0, new long[ALL.length]);

    /** Bit i set: {@code ALL[i]} is present. */
    private final int present;
    /** By ordinal; 0 where absent. */
    private final long[] values;

    static {
        if (ALL.length > Integer.SIZE) {
            throw new ExceptionInInitializerError("CounterValues keeps its keys in an int: at most 32 counters");
        }
    }

    /** Takes {@code byOrdinal} as it is (one value per counter, 0 where absent); the caller must not change it. */
    CounterValues(int present, long[] byOrdinal) {
        if (byOrdinal.length != ALL.length) {
            throw new IllegalArgumentException("one value per IbaCounter (" + ALL.length + "), got " + byOrdinal.length);
        }
        this.present = present;
        this.values = byOrdinal;
    }

    /** {@code values[c.ordinal()]} for every counter {@code seen[c.ordinal()]}. */
    static CounterValues of(boolean[] seen, long[] values) {
        int mask = 0;
        long[] out = new long[ALL.length];
        for (int i = 0; i < ALL.length; i++) {
            if (seen[i]) {
                mask |= 1 << i;
                out[i] = values[i];
            }
        }
        return mask == 0 ? EMPTY : new CounterValues(mask, out);
    }

    /** The value of {@code c}, 0 when absent: no boxing, for the sweep's own reads. */
    public long value(IbaCounter c) {
        return values[c.ordinal()];
    }

    long[] copyByOrdinal() {
        return values.clone();
    }

    private boolean has(int ordinal) {
        return (present & (1 << ordinal)) != 0;
    }

    @Override
    public Long get(Object key) {
        return key instanceof IbaCounter c && has(c.ordinal()) ? values[c.ordinal()] : null;
    }

    @Override
    public boolean containsKey(Object key) {
        return key instanceof IbaCounter c && has(c.ordinal());
    }

    @Override
    public int size() {
        return Integer.bitCount(present);
    }

    @Override
    public void forEach(BiConsumer<? super IbaCounter, ? super Long> action) {
        for (int i = 0; i < ALL.length; i++) {
            if (has(i)) {
                action.accept(ALL[i], values[i]);
            }
        }
    }

    @Override
    public Set<Map.Entry<IbaCounter, Long>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return CounterValues.this.size();
            }

            @Override
            public Iterator<Map.Entry<IbaCounter, Long>> iterator() {
                return new Iterator<>() {
                    private int ordinal = next(0);

                    private int next(int from) {
                        int rest = from >= Integer.SIZE ? 0 : present & (-1 << from);
                        return rest == 0 ? ALL.length : Integer.numberOfTrailingZeros(rest);
                    }

                    @Override
                    public boolean hasNext() {
                        return ordinal < ALL.length;
                    }

                    @Override
                    public Map.Entry<IbaCounter, Long> next() {
                        if (!hasNext()) {
                            throw new NoSuchElementException();
                        }
                        Map.Entry<IbaCounter, Long> e = new SimpleImmutableEntry<>(ALL[ordinal], values[ordinal]);
                        ordinal = next(ordinal + 1);
                        return e;
                    }
                };
            }
        };
    }

    @Override
    public boolean equals(Object o) {
        if (o instanceof CounterValues other) {
            if (present != other.present) {
                return false;
            }
            for (int i = 0; i < ALL.length; i++) {
                if (has(i) && values[i] != other.values[i]) {
                    return false;
                }
            }
            return true;
        }
        return super.equals(o);
    }

    @Override
    public int hashCode() {
        return super.hashCode();
    }
}
