package io.fabrichealth.probes.smp.health;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * An immutable map from counter to value that holds one {@code long} per counter present. Every port snapshot keeps
 * two (totals and deltas), rebuilt each sweep: as EnumMaps of boxed Longs they were about 1 KB a port, 10 MB at
 * 10,000 ports. Equal to any map with the same entries, in counter order like an EnumMap.
 */
public final class CounterValues extends AbstractMap<IbaCounter, Long> {
    private static final IbaCounter[] ALL = IbaCounter.values();
    public static final CounterValues EMPTY = new CounterValues(0, new long[0]);

    /** Bit i set: {@code ALL[i]} is present. */
    private final int present;
    /** The present counters' values, in counter order. */
    private final long[] values;

    static {
        if (ALL.length > Integer.SIZE) {
            throw new ExceptionInInitializerError("CounterValues keeps its keys in an int: at most 32 counters");
        }
    }

    private CounterValues(int present, long[] values) {
        this.present = present;
        this.values = values;
    }

    /** {@code values[c.ordinal()]} for every counter {@code seen[c.ordinal()]}. */
    static CounterValues of(boolean[] seen, long[] values) {
        int mask = 0;
        int n = 0;
        for (int i = 0; i < ALL.length; i++) {
            if (seen[i]) {
                mask |= 1 << i;
                n++;
            }
        }
        if (mask == 0) {
            return EMPTY;
        }
        long[] out = new long[n];
        int j = 0;
        for (int i = 0; i < ALL.length; i++) {
            if (seen[i]) {
                out[j++] = values[i];
            }
        }
        return new CounterValues(mask, out);
    }

    private int slot(Object key) {
        if (!(key instanceof IbaCounter c) || (present & (1 << c.ordinal())) == 0) {
            return -1;
        }
        return Integer.bitCount(present & ((1 << c.ordinal()) - 1));
    }

    @Override
    public Long get(Object key) {
        int i = slot(key);
        return i < 0 ? null : values[i];
    }

    @Override
    public boolean containsKey(Object key) {
        return slot(key) >= 0;
    }

    @Override
    public int size() {
        return values.length;
    }

    @Override
    public void forEach(BiConsumer<? super IbaCounter, ? super Long> action) {
        int j = 0;
        for (int i = 0; i < ALL.length; i++) {
            if ((present & (1 << i)) != 0) {
                action.accept(ALL[i], values[j++]);
            }
        }
    }

    @Override
    public Set<Map.Entry<IbaCounter, Long>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return values.length;
            }

            @Override
            public Iterator<Map.Entry<IbaCounter, Long>> iterator() {
                return new Iterator<>() {
                    private int ordinal = next(0);
                    private int slot;

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
                        Map.Entry<IbaCounter, Long> e = new SimpleImmutableEntry<>(ALL[ordinal], values[slot++]);
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
            return present == other.present && Arrays.equals(values, other.values);
        }
        return super.equals(o);
    }

    @Override
    public int hashCode() {
        return super.hashCode();
    }
}
