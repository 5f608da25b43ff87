package io.fabrichealth.probes.local;

import io.fabrichealth.config.HwCounters;
import io.fabrichealth.probes.smp.health.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Judges a local port from two reads: its state, and how its error counters grew between them. Pure.
 *
 * @param hwThresholds  {@code local.effectiveThresholds()}: hw_counters transport errors
 * @param ibaThresholds {@code smp.effectiveThresholds()}: the IBA PortCounters, by their IBA names
 */
public record LocalJudge(Map<String, Long> hwThresholds, Map<String, Long> ibaThresholds) {
    private static final int DOWN = 1;
    private static final int ACTIVE = 4;
    private static final int LINK_UP = 5;

    /**
     * @param before    the previous read of the same port, or null at the first
     * @param wasActive the port was Active at some earlier read
     */
    public LocalFindings judge(LocalPortReading before, LocalPortReading now, boolean wasActive) {
        List<String> crit = new ArrayList<>();
        List<String> warn = new ArrayList<>();
        List<String> info = new ArrayList<>();
        int state = now.stateNumber();
        boolean portDown = wasActive && state >= 0 && state != ACTIVE;
        if (portDown) {
            crit.add("PortDown: state " + now.state() + ", phys_state " + now.physState() + " (was Active)");
        } else if (state > DOWN && state < ACTIVE) {
            warn.add("NotActive: state " + now.state() + ", phys_state " + now.physState()
                    + (now.ethernet() ? "" : "; is a subnet manager running?"));
        } else if (state == DOWN) {
            info.add("Down since the agent first read it (state " + now.state() + ", phys_state " + now.physState()
                    + "): unused, or not cabled");
        } else if (state == ACTIVE && now.physStateNumber() >= 0 && now.physStateNumber() != LINK_UP) {
            warn.add("PhysState: Active but phys_state " + now.physState());
        }
        for (String p : now.problems()) {
            warn.add("Unreadable: " + p);
        }
        Map<String, Long> deltas = new TreeMap<>();
        List<String> moved = new ArrayList<>();
        List<String> breaches = new ArrayList<>();
        List<String> congestion = new ArrayList<>();
        if (before != null) {
            now.counters().forEach((name, value) -> {
                Long old = before.counters().get(name);
                if (old != null) {
                    long d = growth(name, old, value, info);
                    deltas.put(name, d);
                    String iba = HwCounters.SYSFS_TO_IBA.get(name);
                    Long limit = iba == null ? null : ibaThresholds.get(iba);
                    note(name, d, limit, moved, breaches);
                    if (name.equals("port_xmit_wait") && d > 0) {
                        congestion.add(name + " +" + d);
                    }
                }
            });
            now.hwCounters().forEach((name, value) -> {
                Long old = before.hwCounters().get(name);
                if (old != null) {
                    long d = growth(name, old, value, info);
                    deltas.put("hw." + name, d);
                    if (HwCounters.CONGESTION.contains(name)) {
                        if (d > 0) {
                            congestion.add(name + " +" + d);
                        }
                    } else {
                        note(name, d, hwThresholds.get(name), moved, breaches);
                    }
                }
            });
        }
        for (String b : breaches) {
            warn.add("ErrorThreshold: " + b);
        }
        if (!congestion.isEmpty()) {
            info.add("Congestion (not an error): " + String.join(", ", congestion));
        }
        List<String> reasons = new ArrayList<>(crit);
        reasons.addAll(warn);
        reasons.addAll(info);
        Verdict v = !crit.isEmpty() ? Verdict.CRIT : !warn.isEmpty() ? Verdict.WARN : Verdict.OK;
        if (before == null && reasons.isEmpty()) {
            reasons.add("first read: no deltas yet");
        }
        return new LocalFindings(v, reasons, portDown, deltas, moved, breaches, congestion);
    }

    /** An error counter (one with a threshold) that grew is "moved"; by its threshold or more, a breach. */
    private static void note(String name, long d, Long limit, List<String> moved, List<String> breaches) {
        if (limit == null || d <= 0) {
            return;
        }
        moved.add(name + " +" + d);
        if (d >= limit) {
            breaches.add(name + " +" + d + " >= " + limit);
        }
    }

    /** Growth since the last read; a counter that went down was reset (or wrapped) and counts from zero. */
    private static long growth(String name, long old, long now, List<String> info) {
        if (Long.compareUnsigned(now, old) < 0) {
            info.add("Reset: " + name + " " + Long.toUnsignedString(old) + " -> " + Long.toUnsignedString(now));
            return now;
        }
        return now - old;
    }
}
