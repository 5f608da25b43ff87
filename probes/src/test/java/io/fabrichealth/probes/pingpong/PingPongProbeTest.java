package io.fabrichealth.probes.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.ByteSize;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.PingPongConfig;
import io.fabrichealth.config.Transport;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.probes.ProbeResult;
import io.fabrichealth.probes.pingpong.fabric.FabricPlane;
import io.fabrichealth.probes.pingpong.rds.RdsPlane;
import io.fabrichealth.probes.pingpong.verbs.VerbsPlane;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The schedulable probe: PASS over libfabric here; RDS and verbs, which this host's kernel lacks, are UNSUPPORTED
 * with what to load, on the initiator and when a peer asks the responder for them.
 */
class PingPongProbeTest {

    @Test
    void overLibfabricThePeerPasses() {
        PingPongConfig config = Loopback.config(1024, 64, 1, 1, Duration.ofMillis(200));
        try (PingPongService service = Loopback.service(config, "tcp", EndpointType.MSG, new RecordingAlarms())) {
            service.startResponder();
            PingPongProbe probe = new PingPongProbe(service, config.listen());

            ProbeResult r = probe.execute();

            assertThat(probe.family()).isEqualTo(ProbeFamily.PINGPONG);
            assertThat(r.status()).as(r.summary()).isEqualTo(ProbeResult.Status.PASS);
            assertThat(r.summary()).startsWith(config.listen() + " over fabric (tcp MSG): ok; tx/s");
        }
    }

    @Test
    void rdsAndVerbsWithoutKernelSupportAreUnsupportedNotFailed() {
        HostPort listen = new HostPort("127.0.0.1", Loopback.freePort());
        PingPongConfig config = new PingPongConfig(listen, List.of(Transport.RDS, Transport.VERBS),
                ByteSize.ofKiB(1), ByteSize.ofBytes(64), 1, 1, Duration.ofMillis(200));
        RecordingAlarms alarms = new RecordingAlarms();
        try (PingPongService service = new PingPongService(config, Map.of(Transport.RDS, new RdsPlane(),
                Transport.VERBS, new VerbsPlane()), alarms)) {
            service.startResponder();

            ProbeResult r = new PingPongProbe(service, listen).execute();

            assertThat(r.status()).as(r.summary()).isEqualTo(ProbeResult.Status.UNSUPPORTED);
            assertThat(r.summary()).contains("over rds: unsupported, kernel has no AF_RDS: modprobe rds rds_tcp")
                    .contains("over verbs: unsupported, no RDMA device");
            assertThat(alarms.observed).as("an unsupported transport says nothing about the peer").isEmpty();
        }
    }

    @Test
    void aResponderAskedForATransportItLacksRefusesWithTheReason() {
        PingPongConfig config = Loopback.config(1024, 64, 1, 1, Duration.ofMillis(200));
        HostPort rdsOnly = new HostPort("127.0.0.1", Loopback.freePort());
        PingPongConfig responderConfig = new PingPongConfig(rdsOnly, List.of(Transport.RDS), config.requestSize(),
                config.ackSize(), 1, 1, config.duration());
        try (PingPongService responder = new PingPongService(responderConfig, Map.of(Transport.RDS, new RdsPlane()),
                new RecordingAlarms());
                PingPongService initiator = new PingPongService(config, Map.of(Transport.FABRIC,
                        new FabricPlane("tcp", EndpointType.MSG)), new RecordingAlarms())) {
            responder.startResponder();

            PingPongResult r = initiator.run(Transport.FABRIC, rdsOnly);

            assertThat(r.outcome()).as("the peer's word, not this host's capability").isEqualTo(
                    PingPongResult.Outcome.REFUSED);
            assertThat(r.reason()).isEqualTo("the peer refused: this agent does not serve fabric ping-pongs "
                    + "(pingpong.transports)");
            assertThat(responder.responder().refused()).isEqualTo(1);
            assertThat(new PingPongProbe(initiator, rdsOnly).check().status()).as("a refusal never reads PASS")
                    .isEqualTo(io.fabrichealth.probes.ProbeResult.Status.UNSUPPORTED);
        }
    }
}
