package io.fabrichealth.mbeans.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.alarms.AlarmBook;
import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.AlarmsConfig;
import io.fabrichealth.config.ByteSize;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.PingPongConfig;
import io.fabrichealth.config.Transport;
import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.probes.pingpong.PingPongResult;
import io.fabrichealth.probes.pingpong.PingPongService;
import io.fabrichealth.probes.pingpong.PingPongStats;
import io.fabrichealth.probes.pingpong.RdsCredits;
import io.fabrichealth.probes.pingpong.ResponderCounts;
import io.fabrichealth.probes.pingpong.rds.RdsPlane;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/**
 * Repeated credit stalls over RDS (the alarm model's CreditStalls, raised after its hysteresis) turn the PingPong
 * verdict WARN while the runs stay ok; the RDS attributes show the last run's flow-control deltas. The runs are
 * built here because this host's kernel has no RDS: the guest tests run the real ones.
 */
class CreditStallsVerdictTest {
    private static final HostPort PEER = new HostPort("10.77.0.1", 7472);

    private static PingPongResult run(long stalled) {
        PingPongStats stats = new PingPongStats(2, 500, 500, 0, 0, 0, 0, 0, 250, 0, 0, 0, 1, 1, 1, 1, 1, Map.of(), List.of());
        RdsCredits credits = new RdsCredits(RdsCredits.Engagement.ENGAGED, "ib_tx_credit_updates +9", 1,
                Map.of("ib_tx_cq_event", 700L, RdsCredits.TX_STALLED, stalled, RdsCredits.TX_CREDIT_UPDATES, 9L,
                        RdsCredits.RX_CREDIT_UPDATES, 8L, RdsCredits.TX_RING_FULL, 0L, RdsCredits.TX_THROTTLE, 0L),
                Instant.now());
        return new PingPongResult(PEER.toString(), Transport.RDS, PingPongResult.Outcome.OK, "", Instant.now(), stats,
                ResponderCounts.NONE, "infiniband", true, List.of(), Map.of(), credits);
    }

    @Test
    void repeatedStallsWarnWithoutFailing() throws Exception {
        MBeanServer server = MBeanServerFactory.newMBeanServer();
        AlarmBook book = AlarmBook.inMemory(AlarmsConfig.DEFAULTS, Clock.systemUTC());
        String subject = PingPongService.subject(Transport.RDS, PEER.toString());
        PingPongConfig config = new PingPongConfig(new HostPort("127.0.0.1", 7999), List.of(Transport.RDS),
                ByteSize.ofKiB(1), ByteSize.ofKiB(1), 1, 1, Duration.ofMillis(300));
        try (MBeanRegistry registry = new MBeanRegistry(server);
                PingPongService service = new PingPongService(config, Map.of(Transport.RDS, new RdsPlane()),
                        book.sink())) {
            PingPongMBeans beans = new PingPongMBeans(registry, service, book);
            beans.addPeer(PEER);
            ObjectName name = PingPongMBeans.name(Transport.RDS, PEER.toString());
            int raiseAfter = AlarmsConfig.DEFAULTS.hysteresis(AlarmKind.CreditStalls).raiseAfter();

            for (int i = 0; i < raiseAfter; i++) {
                assertThat(server.getAttribute(name, "Verdict")).as("before the alarm's hysteresis").isIn("", "OK");
                book.sink().observe(AlarmKind.CreditStalls, subject, true, "RDS sends to " + PEER + " stalled");
                beans.onResult(run(2));
            }

            assertThat(server.getAttribute(name, "Result")).isEqualTo("ok");
            assertThat(server.getAttribute(name, "Verdict")).isEqualTo("WARN");
            assertThat((String[]) server.getAttribute(name, "Findings")).singleElement().asString()
                    .startsWith("CreditStalls: RDS sends to " + PEER + " stalled");
            assertThat(server.getAttribute(name, "TxStalledDelta")).isEqualTo(2L);
            assertThat(server.getAttribute(name, "TxCreditUpdatesDelta")).isEqualTo(9L);
            assertThat(server.getAttribute(name, "RxCreditUpdatesDelta")).isEqualTo(8L);
            assertThat(server.getAttribute(name, "TxRingFullDelta")).isEqualTo(0L);
            assertThat(server.getAttribute(name, "TxThrottleDelta")).isEqualTo(0L);
            assertThat(server.getAttribute(name, "CreditFlowControl")).isEqualTo("engaged");
            assertThat(server.getAttribute(name, "FlowControlSetting")).isEqualTo(1);

            int clearAfter = AlarmsConfig.DEFAULTS.hysteresis(AlarmKind.CreditStalls).clearAfter();
            for (int i = 0; i < clearAfter; i++) {
                book.sink().observe(AlarmKind.CreditStalls, subject, false, "RDS sends to " + PEER + " did not stall");
                beans.onResult(run(0));
            }
            assertThat(server.getAttribute(name, "Verdict")).isEqualTo("OK");
            assertThat((String[]) server.getAttribute(name, "Findings")).isEmpty();
        }
    }
}
