package io.fabrichealth.mbeans.smp;

import java.time.Instant;

/** How the SMP MBeans write GUIDs and times. */
final class SmpText {
    private SmpText() {
    }

    static String guid(long guid) {
        return String.format("0x%016x", guid);
    }

    /** ISO-8601, or empty for "never". */
    static String time(Instant at) {
        return at == null ? "" : at.toString();
    }
}
