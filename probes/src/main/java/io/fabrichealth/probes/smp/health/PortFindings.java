package io.fabrichealth.probes.smp.health;

import java.util.List;

/**
 * What one sweep concluded about one port.
 *
 * @param reasons every finding in words, worst first; informational ones (resets, congestion) do not change the
 *     verdict
 * @param portDown the port was Active before and is Down now
 * @param degradedRemark iblinkinfo's "Could be ..." for this port, empty when not degraded
 * @param breaches error counters above their threshold, "SymbolErrorCounter 1234 > 10"
 * @param saturated narrow counters stuck at their maximum
 * @param resets counters that went down since the last reading, "Name old -> new"
 * @param xmitWaitDelta PortXmitWait growth over the interval: congestion, not an error
 */
public record PortFindings(Verdict verdict, List<String> reasons, boolean portDown, String degradedRemark,
        List<String> breaches, List<String> saturated, List<String> resets, long xmitWaitDelta) {

    public static final PortFindings UNKNOWN = new PortFindings(Verdict.OK, List.of("not swept yet"), false, "",
            List.of(), List.of(), List.of(), 0);

    /** Nothing found: most ports of a healthy fabric, every sweep, so one shared value. */
    public static final PortFindings HEALTHY = new PortFindings(Verdict.OK, List.of(), false, "", List.of(), List.of(),
            List.of(), 0);

    public boolean degraded() {
        return !degradedRemark.isEmpty();
    }
}
