package io.fabrichealth.mbeans;

import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * Builds names in the {@code fabric.health} domain with {@code type} first and the other keys in the order given.
 * Telegraf and jmx_exporter turn keys into tags, so the order must never depend on a hash map.
 */
public final class ObjectNames {
    public static final String DOMAIN = "fabric.health";

    private ObjectNames() {
    }

    /** {@code keyValues} alternates key and value; values that need it are quoted. */
    public static ObjectName of(String type, String... keyValues) {
        if (keyValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values must come in pairs");
        }
        StringBuilder sb = new StringBuilder(DOMAIN).append(":type=").append(type);
        for (int i = 0; i < keyValues.length; i += 2) {
            sb.append(',').append(keyValues[i]).append('=').append(quoteIfNeeded(keyValues[i + 1]));
        }
        try {
            return new ObjectName(sb.toString());
        } catch (MalformedObjectNameException e) {
            throw new IllegalArgumentException("bad ObjectName " + sb + ": " + e.getMessage(), e);
        }
    }

    /** For the OBJECT_NAME constants on the MXBean interfaces. */
    public static ObjectName parse(String name) {
        try {
            return new ObjectName(name);
        } catch (MalformedObjectNameException e) {
            throw new IllegalArgumentException("bad ObjectName " + name + ": " + e.getMessage(), e);
        }
    }

    static String quoteIfNeeded(String value) {
        for (int i = 0; i < value.length(); i++) {
            if (",=:\"*?\n\\".indexOf(value.charAt(i)) >= 0) {
                return ObjectName.quote(value);
            }
        }
        return value.isEmpty() ? ObjectName.quote(value) : value;
    }
}
