package io.fabrichealth.probes.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.Transport;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each RDS run that sent traffic and read the kernel's counters is one CreditStalls observation: bad when
 * ib_tx_stalled or ib_tx_throttle moved, good otherwise; a run that read nothing, sent nothing or used tcp (whose
 * ib_* counters are other sockets' traffic) says nothing.
 */
class CreditStallsObservationTest {
    private static final String SUBJECT = "pingpong rds 10.77.0.1:7472";

    private static PingPongResult run(long sent, RdsCredits credits) {
        return run(sent, credits, "infiniband");
    }

    private static PingPongResult run(long sent, RdsCredits credits, String inUse) {
        PingPongStats stats = new PingPongStats(2, sent, sent, 0, 0, 0, 0, 0, sent / 2.0, 0, 0, 0, 1, 1, 1, 1, 1, Map.of(),
                List.of());
        return new PingPongResult("10.77.0.1:7472", Transport.RDS, PingPongResult.Outcome.OK, "", Instant.EPOCH,
                stats, ResponderCounts.NONE, inUse, true, List.of(), Map.of(), credits);
    }

    private static RdsCredits credits(long stalled, long throttle) {
        return new RdsCredits(RdsCredits.Engagement.ENGAGED, "ib_tx_credit_updates +9", 1,
                Map.of(RdsCredits.TX_STALLED, stalled, RdsCredits.TX_THROTTLE, throttle), Instant.EPOCH);
    }

    @Test
    void aRunWhoseSendsStalledIsABadObservationAndSaysSoInItsSummary() {
        RecordingAlarms alarms = new RecordingAlarms();
        PingPongResult stalled = run(500, credits(3, 0));

        PingPongService.observeCredits(alarms, SUBJECT, stalled);

        assertThat(alarms.lastBad(AlarmKind.CreditStalls)).isTrue();
        assertThat(alarms.observed.get(0).details()).contains("stalled: ib_tx_stalled +3");
        assertThat(stalled.summary()).contains(": ok", "credit flow control engaged", "stalled: ib_tx_stalled +3");

        PingPongService.observeCredits(alarms, SUBJECT, run(500, credits(0, 2)));
        assertThat(alarms.lastBad(AlarmKind.CreditStalls)).as("held for lack of credits").isTrue();
        PingPongService.observeCredits(alarms, SUBJECT, run(500, credits(0, 0)));
        assertThat(alarms.lastBad(AlarmKind.CreditStalls)).isFalse();
    }

    @Test
    void aRunThatSentNothingReadNoCountersOrUsedTcpSaysNothing() {
        RecordingAlarms alarms = new RecordingAlarms();
        PingPongService.observeCredits(alarms, SUBJECT, run(500, credits(3, 0), "tcp"));

        PingPongService.observeCredits(alarms, SUBJECT, run(0, credits(3, 0)));
        PingPongService.observeCredits(alarms, SUBJECT, run(500, RdsCredits.NONE));

        assertThat(alarms.observed).isEmpty();
    }
}
