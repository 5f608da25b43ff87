package io.fabrichealth.mbeans;

import java.util.Arrays;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.CompositeDataSupport;
import javax.management.openmbean.CompositeType;
import javax.management.openmbean.OpenDataException;
import javax.management.openmbean.OpenType;

/**
 * One place to declare a flat CompositeType and fill it. Every structured attribute is built through one of
 * these, so JConsole, Jolokia and jmx_exporter all see the same item names and leaf types.
 */
public final class Composites {
    private final CompositeType type;
    private final String[] names;

    public Composites(String typeName, String description, Object... nameTypePairs) {
        int n = nameTypePairs.length / 2;
        names = new String[n];
        OpenType<?>[] types = new OpenType<?>[n];
        for (int i = 0; i < n; i++) {
            names[i] = (String) nameTypePairs[2 * i];
            types[i] = (OpenType<?>) nameTypePairs[2 * i + 1];
        }
        try {
            type = new CompositeType(typeName, description, names, names, types);
        } catch (OpenDataException e) {
            throw new IllegalArgumentException("bad composite type " + typeName + ": " + e.getMessage(), e);
        }
    }

    public CompositeType type() {
        return type;
    }

    /** Values in declaration order. */
    public CompositeData of(Object... values) {
        if (values.length != names.length) {
            throw new IllegalArgumentException(type.getTypeName() + " wants " + Arrays.toString(names));
        }
        try {
            return new CompositeDataSupport(type, names, values);
        } catch (OpenDataException e) {
            throw new IllegalArgumentException(type.getTypeName() + ": " + e.getMessage(), e);
        }
    }
}
