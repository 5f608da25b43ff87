package io.fabrichealth.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * @param hysteresis alarm kind to its hysteresis; always holds every kind in {@link #KINDS}, because the file's
 *     entries are merged onto the defaults (PortDown 1/1, all others 2/2). Corruption's clearAfter is ignored:
 *     a corruption alarm never clears on its own and must be acknowledged.
 */
public record AlarmsConfig(Map<String, Hysteresis> hysteresis) {

    public static final List<String> KINDS = List.of("PortDown", "LinkDegraded", "ErrorThreshold", "MadTimeouts",
            "PeerUnreachable", "Corruption", "BurstFailed", "ProbeError");

    /** The one kind that never clears itself. */
    public static final String CORRUPTION = "Corruption";

    public static final AlarmsConfig DEFAULTS = new AlarmsConfig(defaultHysteresis());

    /** @throws IllegalArgumentException for a kind not in {@link #KINDS} */
    public Hysteresis hysteresis(String kind) {
        Hysteresis h = hysteresis.get(kind);
        if (h == null) {
            throw new IllegalArgumentException("Unknown alarm kind " + kind + "; known: " + KINDS);
        }
        return h;
    }

    private static Map<String, Hysteresis> defaultHysteresis() {
        Map<String, Hysteresis> m = new LinkedHashMap<>();
        for (String kind : KINDS) {
            m.put(kind, kind.equals("PortDown") ? new Hysteresis(1, 1) : Hysteresis.DEFAULTS);
        }
        return Collections.unmodifiableMap(m);
    }
}
