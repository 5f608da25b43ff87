package io.fabrichealth.probes.pingpong.rds;

import io.fabrichealth.jni.rds.RdsFlowControl;
import io.fabrichealth.probes.pingpong.RdsCredits;
import io.fabrichealth.probes.pingpong.RdsCredits.Engagement;
import java.util.Map;

/**
 * Whether RDS credit flow control carried a run, from what the kernel shows and nothing else: the credit-update
 * counters moved under traffic (engaged); they did not while flow_control was 1 (requested but not engaged by this
 * kernel: mainline's active side advertises 0 credits at connect time, so the passive side turns it off); or
 * flow_control was 0 (off). Without traffic, counters or the setting, it cannot be told.
 */
public final class CreditInference {
    public record Verdict(Engagement engagement, String why) {
    }

    private CreditInference() {
    }

    /**
     * @param deltas  the run's counter changes (empty when not read)
     * @param problem why the counters could not be read; empty when they were
     * @param sent    requests the run sent
     * @param inUse   the RDS transport the run used ("infiniband", "tcp"), empty when it never got that far
     */
    public static Verdict infer(RdsFlowControl setting, Map<String, Long> deltas, String problem, long sent,
            String inUse) {
        if (!problem.isEmpty() || deltas.isEmpty()) {
            return new Verdict(Engagement.UNTOLD, problem.isEmpty() ? "no counters were read" : problem);
        }
        if (sent == 0) {
            return new Verdict(Engagement.UNTOLD, "the run sent nothing, so the credit counters had nothing to show");
        }
        if (inUse.equals("tcp")) {
            return new Verdict(Engagement.OFF, "the run used the tcp transport, which has no credit flow control "
                    + "(rds_rdma's, on infiniband, has)");
        }
        long tx = deltas.getOrDefault(RdsCredits.TX_CREDIT_UPDATES, -1L);
        long rx = deltas.getOrDefault(RdsCredits.RX_CREDIT_UPDATES, -1L);
        if (tx < 0 || rx < 0) {
            return new Verdict(Engagement.UNTOLD, "this kernel reports no " + (tx < 0 ? RdsCredits.TX_CREDIT_UPDATES
                    : RdsCredits.RX_CREDIT_UPDATES) + " (is rds_rdma loaded?)");
        }
        String moved = RdsCredits.TX_CREDIT_UPDATES + " +" + tx + ", " + RdsCredits.RX_CREDIT_UPDATES + " +" + rx;
        if (tx + rx > 0) {
            return new Verdict(Engagement.ENGAGED, moved + " while the run sent " + sent + " request(s)"
                    + (setting.value() == 0 ? "; flow_control is 0 now, so a connection made while it was 1 "
                            + "(or another RDS user of this host) carried them" : ""));
        }
        if (!inUse.equals("infiniband")) {
            return new Verdict(Engagement.UNTOLD, "the run used the " + (inUse.isEmpty() ? "unknown" : inUse)
                    + " transport; credit flow control is rds_rdma's, on infiniband");
        }
        return switch (setting.value()) {
            case 1 -> new Verdict(Engagement.REQUESTED_NOT_ENGAGED, "flow_control is 1, yet " + moved + " while the "
                    + "run sent " + sent + " request(s) over infiniband (flow_control applies to connections made "
                    + "after it was set)");
            case 0 -> new Verdict(Engagement.OFF, "flow_control is 0; " + moved);
            default -> new Verdict(Engagement.UNTOLD, "no credit update moved, but net.rds.ib.flow_control is "
                    + "unknown: " + setting.problem());
        };
    }
}
