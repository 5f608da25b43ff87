package io.fabrichealth.config;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * @param hysteresis alarm kind to its hysteresis; always holds every kind, because the file's entries are merged
 *     onto the defaults (PortDown, AgentLost and LinkFlapping 1/1: the
 *     flapping rule already has its own window; all others 2/2). Corruption's clearAfter is ignored: a corruption alarm
 *     never clears on its own and must be acknowledged.
 */
public record AlarmsConfig(Map<AlarmKind, Hysteresis> hysteresis) {

    public static final AlarmsConfig DEFAULTS = new AlarmsConfig(defaultHysteresis());

    public Hysteresis hysteresis(AlarmKind kind) {
        return hysteresis.get(kind);
    }

    private static Map<AlarmKind, Hysteresis> defaultHysteresis() {
        Map<AlarmKind, Hysteresis> m = new EnumMap<>(AlarmKind.class);
        for (AlarmKind kind : AlarmKind.values()) {
            m.put(kind, kind == AlarmKind.PortDown || kind == AlarmKind.AgentLost || kind == AlarmKind.LinkFlapping
                    ? new Hysteresis(1, 1) : Hysteresis.DEFAULTS);
        }
        return Collections.unmodifiableMap(m);
    }
}
