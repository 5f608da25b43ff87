package io.fabrichealth.mbeans.smp;

import java.time.Instant;
import java.util.HexFormat;

/** How the SMP MBeans write GUIDs and times. */
final class SmpText {
    private static final HexFormat HEX = HexFormat.of();

    private SmpText() {
    }

    static String guid(long guid) {
        return "0x" + HEX.toHexDigits(guid); // String.format costs a parse per call, and bulk reads call it per port
    }

    /** ISO-8601, or empty for "never". */
    static String time(Instant at) {
        return at == null ? "" : at.toString();
    }
}
