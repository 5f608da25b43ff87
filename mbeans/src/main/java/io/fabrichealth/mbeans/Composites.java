package io.fabrichealth.mbeans;

import java.io.ObjectStreamException;
import java.io.Serial;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.CompositeDataSupport;
import javax.management.openmbean.CompositeType;
import javax.management.openmbean.InvalidKeyException;
import javax.management.openmbean.OpenDataException;
import javax.management.openmbean.OpenType;

/**
 * One place to declare a flat CompositeType and fill it. Every structured attribute is built through one of
 * these, so JConsole, Jolokia and jmx_exporter all see the same item names and leaf types.
 *
 * <p>A value is a {@link Row}: its items in an array, the names shared by every row of the type. The JDK's
 * CompositeDataSupport keeps a TreeMap per value, which at 10,000 ports (one CounterDeltas of 23 items each) held
 * about 10 MB and made every read walk a tree.
 */
public final class Composites {
    private final CompositeType type;
    private final String[] names;
    private final Map<String, Integer> index = new HashMap<>();
    private final OpenType<?>[] types;
    /** Where the i-th declared item sits among the sorted ones. */
    private final int[] declared;

    public Composites(String typeName, String description, Object... nameTypePairs) {
        int n = nameTypePairs.length / 2;
        names = new String[n];
        types = new OpenType<?>[n];
        for (int i = 0; i < n; i++) {
            names[i] = (String) nameTypePairs[2 * i];
            types[i] = (OpenType<?>) nameTypePairs[2 * i + 1];
        }
        try {
            type = new CompositeType(typeName, description, names, names, types);
        } catch (OpenDataException e) {
            throw new IllegalArgumentException("bad composite type " + typeName + ": " + e.getMessage(), e);
        }
        // CompositeType sorts its keys; a row answers in that order, as CompositeDataSupport does.
        String[] sorted = type.keySet().toArray(String[]::new);
        OpenType<?>[] sortedTypes = new OpenType<?>[n];
        for (int i = 0; i < n; i++) {
            sortedTypes[i] = type.getType(sorted[i]);
            index.put(sorted[i], i);
        }
        System.arraycopy(sorted, 0, names, 0, n);
        System.arraycopy(sortedTypes, 0, types, 0, n);
        declared = new int[n];
        for (int i = 0; i < n; i++) {
            declared[i] = index.get((String) nameTypePairs[2 * i]);
        }
    }

    public CompositeType type() {
        return type;
    }

    /** Values in declaration order. */
    public CompositeData of(Object... values) {
        if (values.length != names.length) {
            throw new IllegalArgumentException(type.getTypeName() + " wants " + declaredNames());
        }
        Object[] items = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            int at = declared[i];
            Object v = values[i];
            if (v != null && !types[at].isValue(v)) {
                throw new IllegalArgumentException(type.getTypeName() + ": item " + names[at] + " is a "
                        + v.getClass().getName() + ", not " + types[at].getClassName());
            }
            items[at] = v;
        }
        return new Row(this, items);
    }

    private List<String> declaredNames() {
        String[] out = new String[names.length];
        for (int i = 0; i < names.length; i++) {
            out[i] = names[declared[i]];
        }
        return List.of(out);
    }

    /**
     * One value of the type. It equals, hashes and prints as CompositeDataSupport does, and is written to a stream
     * as one, so a JSR-160 client such as JConsole needs no class of ours.
     */
    static final class Row implements CompositeData, Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        private final transient Composites of;
        private final transient Object[] items;

        Row(Composites of, Object[] items) {
            this.of = of;
            this.items = items;
        }

        @Override
        public CompositeType getCompositeType() {
            return of.type;
        }

        @Override
        public Object get(String key) {
            Integer i = key == null ? null : of.index.get(key);
            if (i == null) {
                throw new InvalidKeyException("no item " + key + " in " + of.type.getTypeName());
            }
            return items[i];
        }

        @Override
        public Object[] getAll(String[] keys) {
            if (keys == null) {
                return new Object[0];
            }
            Object[] out = new Object[keys.length];
            for (int i = 0; i < keys.length; i++) {
                out[i] = get(keys[i]);
            }
            return out;
        }

        @Override
        public boolean containsKey(String key) {
            return key != null && of.index.containsKey(key);
        }

        @Override
        public boolean containsValue(Object value) {
            return Arrays.asList(items).contains(value);
        }

        @Override
        public Collection<?> values() {
            return Collections.unmodifiableList(Arrays.asList(items));
        }

        @Serial
        private Object writeReplace() throws ObjectStreamException {
            return support();
        }

        private CompositeDataSupport support() {
            try {
                return new CompositeDataSupport(of.type, of.names, items);
            } catch (OpenDataException e) {
                throw new IllegalStateException(of.type.getTypeName() + ": " + e.getMessage(), e);
            }
        }

        @Override
        public boolean equals(Object obj) {
            return obj instanceof CompositeData other && (obj == this || support().equals(other));
        }

        @Override
        public int hashCode() {
            return support().hashCode();
        }

        @Override
        public String toString() {
            return support().toString();
        }
    }
}
