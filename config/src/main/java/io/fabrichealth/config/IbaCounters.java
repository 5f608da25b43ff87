package io.fabrichealth.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** PortCounters names (IBA 16.1.3.5) as infiniband-diags spells them, and its default error thresholds. */
public final class IbaCounters {
    private IbaCounters() {
    }

    public static final List<String> PORT_COUNTERS = List.of(
            "SymbolErrorCounter", "LinkErrorRecoveryCounter", "LinkDownedCounter", "PortRcvErrors",
            "PortRcvRemotePhysicalErrors", "PortRcvSwitchRelayErrors", "PortXmitDiscards",
            "PortXmitConstraintErrors", "PortRcvConstraintErrors", "LocalLinkIntegrityErrors",
            "ExcessiveBufferOverrunErrors", "VL15Dropped", "PortXmitData", "PortRcvData", "PortXmitPkts",
            "PortRcvPkts", "PortXmitWait");

    /** ibqueryerrors' built-in thresholds (infiniband-diags {@code error_thresholds}), in counter order. */
    public static final Map<String, Long> ERROR_THRESHOLD_DEFAULTS = ordered(
            "SymbolErrorCounter", 10, "LinkErrorRecoveryCounter", 10, "LinkDownedCounter", 10,
            "PortRcvErrors", 10, "PortRcvRemotePhysicalErrors", 100, "PortRcvSwitchRelayErrors", 100,
            "PortXmitDiscards", 100, "PortXmitConstraintErrors", 100, "PortRcvConstraintErrors", 100,
            "LocalLinkIntegrityErrors", 10, "ExcessiveBufferOverrunErrors", 10, "VL15Dropped", 100);

    private static Map<String, Long> ordered(Object... pairs) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], ((Integer) pairs[i + 1]).longValue());
        }
        return Collections.unmodifiableMap(m);
    }
}
