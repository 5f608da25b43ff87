package io.fabrichealth.probes.smp.route;

import io.fabrichealth.probes.smp.health.Verdict;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One end of a cable on a run's path: how the last sweep judged it, and which error counters grew on it since the
 * sweep before the run (up to the run's end after a run that went wrong, up to the last sweep after a clean one).
 *
 * @param subject {@code 0x<node GUID>/<port>}, as the Port MBeans and alarms name it
 * @param node    the node's description
 * @param health  the last sweep's verdict; null when no sweep has seen this port
 * @param reasons the last sweep's reasons for a verdict worse than OK
 * @param moved   error counters (IBA names, in perfquery's order) that grew since the sweep before the run, and by
 *                how much
 * @param problem why its counters could not be compared (no answer, a reset); empty when they were
 */
public record PathPort(String subject, String node, Verdict health, List<String> reasons, Map<String, Long> moved,
        String problem) {

    public PathPort {
        reasons = List.copyOf(reasons);
        moved = Collections.unmodifiableMap(new LinkedHashMap<>(moved));
    }

    /** Suspect on its own: an error counter moved since the sweep before the run, or the last sweep found it down or degraded. */
    public boolean suspect() {
        return !moved.isEmpty() || health != null && health != Verdict.OK;
    }

    /** Why it is suspect, in an operator's words; empty when it is not. */
    public String why() {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, Long> m : moved.entrySet()) {
            out.append(out.length() == 0 ? "" : ", ").append(m.getKey()).append(" +").append(m.getValue());
        }
        if (out.length() > 0) {
            out.append(" on ").append(subject).append(" since the sweep before the run");
        }
        if (health != null && health != Verdict.OK) {
            out.append(out.length() == 0 ? "" : "; ").append(subject).append(" is ").append(health)
                    .append(" in the last sweep").append(reasons.isEmpty() ? "" : " (" + String.join(", ", reasons) + ")");
        }
        return out.toString();
    }
}
