package io.fabrichealth.config;

import java.util.Locale;

/**
 * A port's GUID, as ibstat and smpquery print it ({@code 0x0002c90300000001}): what a peer's path is traced to,
 * since a LID changes whenever the subnet manager reassigns it and a GUID does not.
 */
public record PortGuid(long value) {

    public PortGuid {
        if (value == 0) {
            throw new IllegalArgumentException("a port GUID is never 0");
        }
    }

    /** {@code 0x} and up to 16 hex digits, as ibstat's "Port GUID" prints it. */
    public static PortGuid parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (!t.matches("0x[0-9a-f]{1,16}")) {
            throw new IllegalArgumentException("a port GUID is 0x and up to 16 hex digits, like 0x0002c90300000001 "
                    + "(ibstat prints it as Port GUID)");
        }
        return new PortGuid(Long.parseUnsignedLong(t.substring(2), 16));
    }

    @Override
    public String toString() {
        return String.format("0x%016x", value);
    }
}
