package io.fabrichealth.probes.pingpong.rds;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.jni.rds.RdsFlowControl;
import io.fabrichealth.probes.pingpong.RdsCredits;
import io.fabrichealth.probes.pingpong.RdsCredits.Engagement;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Credit flow control is called engaged only when the kernel's credit counters moved under traffic; requested but
 * not engaged when flow_control was 1 and they did not; off when it was 0; and "could not be told" whenever the
 * evidence is missing.
 */
class CreditInferenceTest {
    private static final RdsFlowControl ON = new RdsFlowControl(1, "");
    private static final RdsFlowControl OFF = new RdsFlowControl(0, "");
    private static final RdsFlowControl UNREADABLE = new RdsFlowControl(-1, "rds_rdma is not loaded");

    private static Map<String, Long> deltas(long tx, long rx) {
        Map<String, Long> d = new LinkedHashMap<>();
        d.put("ib_tx_cq_event", 700L);
        d.put(RdsCredits.TX_CREDIT_UPDATES, tx);
        d.put(RdsCredits.RX_CREDIT_UPDATES, rx);
        d.put(RdsCredits.TX_STALLED, 0L);
        return d;
    }

    @Test
    void creditUpdatesUnderTrafficAreEngagedWhateverTheSettingSaysNow() {
        assertThat(CreditInference.infer(ON, deltas(12, 9), "", 500, "infiniband").engagement())
                .isEqualTo(Engagement.ENGAGED);
        CreditInference.Verdict later = CreditInference.infer(OFF, deltas(0, 3), "", 500, "infiniband");
        assertThat(later.engagement()).isEqualTo(Engagement.ENGAGED);
        assertThat(later.why()).contains("ib_rx_credit_updates +3", "flow_control is 0 now");
    }

    @Test
    void requestedWithoutCreditUpdatesUnderTrafficIsNotEngagedByThisKernel() {
        CreditInference.Verdict v = CreditInference.infer(ON, deltas(0, 0), "", 500, "infiniband");

        assertThat(v.engagement()).isEqualTo(Engagement.REQUESTED_NOT_ENGAGED);
        assertThat(v.engagement().text()).isEqualTo("requested but not engaged by this kernel");
        assertThat(v.why()).contains("flow_control is 1", "ib_tx_credit_updates +0", "sent 500 request(s)");
    }

    @Test
    void settingZeroIsOffAndTcpHasNoCredits() {
        assertThat(CreditInference.infer(OFF, deltas(0, 0), "", 500, "infiniband").engagement())
                .isEqualTo(Engagement.OFF);
        CreditInference.Verdict tcp = CreditInference.infer(ON, deltas(0, 0), "", 500, "tcp");
        assertThat(tcp.engagement()).isEqualTo(Engagement.OFF);
        assertThat(tcp.why()).contains("tcp transport");
    }

    @Test
    void withoutTrafficCountersOrSettingNothingIsClaimed() {
        assertThat(CreditInference.infer(ON, deltas(0, 0), "", 0, "infiniband").why()).contains("sent nothing");
        assertThat(CreditInference.infer(ON, Map.of(), "RDS_INFO_COUNTERS could not be read: EPERM", 500,
                "infiniband")).isEqualTo(new CreditInference.Verdict(Engagement.UNTOLD,
                        "RDS_INFO_COUNTERS could not be read: EPERM"));
        assertThat(CreditInference.infer(UNREADABLE, deltas(0, 0), "", 500, "infiniband").why())
                .contains("flow_control is unknown: rds_rdma is not loaded");
        assertThat(CreditInference.infer(ON, Map.of("conn_reset", 0L), "", 500, "infiniband").why())
                .contains("reports no ib_tx_credit_updates");
        assertThat(CreditInference.infer(ON, deltas(0, 0), "", 0, "infiniband").engagement())
                .isEqualTo(Engagement.UNTOLD);
    }

    @Test
    void deltasCountEveryCounterAndTreatADropAsAReset() {
        Map<String, Long> before = Map.of("a", 10L, "big", Long.MIN_VALUE, "gone", 5L);
        Map<String, Long> after = new LinkedHashMap<>();
        after.put("a", 15L);
        after.put("big", Long.MIN_VALUE + 3); // past 2^63: still unsigned
        after.put("new", 4L);

        assertThat(RdsStack.deltas(before, after)).containsExactly(Map.entry("a", 5L), Map.entry("big", 3L),
                Map.entry("new", 4L));
        assertThat(RdsStack.deltas(Map.of("a", 10L), Map.of("a", 3L))).containsEntry("a", 3L);
    }

    @Test
    void aStalledRunSaysSoInItsLine() {
        Map<String, Long> d = deltas(0, 0);
        d.put(RdsCredits.TX_STALLED, 4L);
        d.put(RdsCredits.TX_THROTTLE, 0L);
        RdsCredits c = new RdsCredits(Engagement.OFF, "flow_control is 0", 0, d, Instant.EPOCH);

        assertThat(c.stalled()).isTrue();
        assertThat(c.line()).isEqualTo("credit flow control off (flow_control is 0); stalled: ib_tx_stalled +4 "
                + "(sends completed over 0.5 s after queueing), ib_tx_throttle +0 (sends held for lack of credits)");
        assertThat(RdsCredits.NONE.line()).isEmpty();
        assertThat(RdsCredits.NONE.delta(RdsCredits.TX_STALLED)).isEqualTo(-1);
    }
}
