package io.fabrichealth.probes.smp.health;

import io.fabrichealth.probes.mad.PhysState;
import io.fabrichealth.probes.mad.PortInfo;
import io.fabrichealth.probes.mad.PortState;
import java.util.ArrayList;
import java.util.List;

/** Turns what a sweep saw of a port into a verdict with reasons. Pure: all state arrives as arguments. */
public final class PortJudge {
    private static final IbaCounter[] ALL = IbaCounter.values();

    private PortJudge() {
    }

    /**
     * @param info            the port's PortInfo (the last one read, which may be older than this sweep)
     * @param wasActive       the port was Active in an earlier sweep
     * @param nodeAnswered    its node answered at least one MAD in this sweep
     * @param degradedRemark  {@link LinkDegradation#check}'s remark, or empty
     * @param counters        the port's counter book after this sweep's reading, or null when none was read
     * @param resets          what {@link CounterBook#add} returned for this sweep
     */
    public static PortFindings judge(PortInfo info, boolean wasActive, boolean nodeAnswered, String degradedRemark,
            CounterBook counters, List<String> resets, Thresholds thresholds) {
        List<String> crit = new ArrayList<>();
        List<String> warn = new ArrayList<>();
        List<String> info2 = new ArrayList<>();
        boolean portDown = false;
        if (!nodeAnswered) {
            crit.add("MadTimeouts: the node answered no MAD in this sweep; values are from the last answer");
        }
        if (info != null) {
            PortState state = info.state();
            if (state == PortState.DOWN && wasActive) {
                portDown = true;
                crit.add("PortDown: " + states(info) + " (was Active)");
            } else if ((state == PortState.INIT || state == PortState.ARMED) && info.physState() == PhysState.LINK_UP) {
                warn.add("NotActive: " + states(info) + "; the link is up but no subnet manager has activated it");
            }
        }
        if (!degradedRemark.isEmpty()) {
            warn.add("LinkDegraded: " + degradedRemark + " (rule: " + LinkDegradation.RULE + ")");
        }
        List<String> breaches = List.of();
        List<String> saturated = new ArrayList<>();
        long xmitWait = 0;
        CounterSample sample = counters == null ? null : counters.latest();
        if (sample != null) {
            breaches = thresholds.breaches(sample);
            for (String b : breaches) {
                warn.add("ErrorThreshold: " + b);
            }
            for (IbaCounter c : ALL) {
                if (sample.saturated(c)) {
                    saturated.add(c.ibaName());
                    warn.add("Saturated: " + c.ibaName() + " stuck at " + sample.value(c) + " (" + sample.bits(c)
                            + "-bit PortCounters field); its growth is unknown until the counters are cleared");
                }
            }
            xmitWait = counters.delta(IbaCounter.PORT_XMIT_WAIT);
            if (xmitWait > 0) {
                info2.add("Congestion: PortXmitWait +" + Long.toUnsignedString(xmitWait) + " ticks since the last sweep");
            }
        }
        for (String r : resets) {
            info2.add("CountersReset: " + r + " (re-baselined; no negative delta)");
        }
        if (crit.isEmpty() && warn.isEmpty() && info2.isEmpty() && xmitWait == 0 && resets.isEmpty()) {
            return PortFindings.HEALTHY;
        }
        Verdict verdict = !crit.isEmpty() ? Verdict.CRIT : !warn.isEmpty() ? Verdict.WARN : Verdict.OK;
        List<String> reasons = new ArrayList<>(crit);
        reasons.addAll(warn);
        reasons.addAll(info2);
        return new PortFindings(verdict, List.copyOf(reasons), portDown, degradedRemark, List.copyOf(breaches),
                List.copyOf(saturated), List.copyOf(resets), xmitWait);
    }

    private static String states(PortInfo info) {
        return "PortState " + PortState.display(info.portState()) + ", PhysState "
                + PhysState.display(info.physicalState());
    }
}
