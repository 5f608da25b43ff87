package io.fabrichealth.mbeans;

import java.util.Map;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.CompositeDataSupport;
import javax.management.openmbean.CompositeType;
import javax.management.openmbean.OpenDataException;
import javax.management.openmbean.OpenType;
import javax.management.openmbean.SimpleType;

/**
 * A name-to-value map as one flat CompositeData whose items are the names, so Jolokia renders it as a JSON object
 * and jmx_exporter as one metric per name. The names come from the kernel (RDS_INFO_COUNTERS), so the type is
 * built per map, not declared once as {@link io.fabrichealth.mbeans.Composites} does. Null for an empty map (an
 * open type has at least one item).
 */
public final class NamedValues {
    private NamedValues() {
    }

    public static CompositeData longs(String typeName, String description, Map<String, Long> values) {
        return of(typeName, description, values, SimpleType.LONG);
    }

    public static CompositeData texts(String typeName, String description, Map<String, String> values) {
        return of(typeName, description, values, SimpleType.STRING);
    }

    private static CompositeData of(String typeName, String description, Map<String, ?> values, OpenType<?> leaf) {
        if (values.isEmpty()) {
            return null;
        }
        String[] names = values.keySet().toArray(String[]::new);
        OpenType<?>[] types = new OpenType<?>[names.length];
        java.util.Arrays.fill(types, leaf);
        try {
            CompositeType type = new CompositeType(typeName, description, names, names, types);
            return new CompositeDataSupport(type, names, values.values().toArray());
        } catch (OpenDataException e) {
            throw new IllegalArgumentException(typeName + ": " + e.getMessage(), e);
        }
    }
}
