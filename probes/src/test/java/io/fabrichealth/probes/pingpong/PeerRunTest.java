package io.fabrichealth.probes.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.EndpointType;
import io.fabrichealth.config.PingPongConfig;
import io.fabrichealth.probes.ProbeResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The peer matrix's hook: each probe run against a named peer, over libfabric tcp on loopback. */
class PeerRunTest {

    @Test
    void aPassingRunGivesThePeersNameItsMedianRttAndNoCorruption() {
        PingPongConfig config = Loopback.config(1024, 64, 1, 1, Duration.ofMillis(200));
        List<PeerRun> runs = new CopyOnWriteArrayList<>();
        try (PingPongService service = Loopback.service(config, "tcp", EndpointType.MSG, new RecordingAlarms())) {
            service.startResponder();
            service.addListener(new PingPongListener() {
                @Override
                public void onPeer(PeerRun run) {
                    runs.add(run);
                }
            });
            Instant before = Instant.now();

            ProbeResult r = new PingPongProbe(service, "host-b", config.listen()).execute();

            assertThat(r.status()).as(r.summary()).isEqualTo(ProbeResult.Status.PASS);
            assertThat(runs).singleElement().satisfies(run -> {
                assertThat(run.peer()).isEqualTo("host-b");
                assertThat(run.address()).isEqualTo(config.listen());
                assertThat(run.status()).isEqualTo(ProbeResult.Status.PASS);
                assertThat(run.rttP50Micros()).isGreaterThan(0).isLessThan(200_000);
                assertThat(run.corruptions()).isZero();
                assertThat(run.at()).isAfterOrEqualTo(before.minusMillis(1)).isBeforeOrEqualTo(Instant.now());
            });
        }
    }

    @Test
    void aFireDrillShowsAsFailWithItsCorruptionsCounted() {
        PingPongConfig config = Loopback.config(1024, 1024, 2, 1, Duration.ofMillis(300));
        List<PeerRun> runs = new CopyOnWriteArrayList<>();
        try (PingPongService service = Loopback.service(config, "tcp", EndpointType.MSG, new RecordingAlarms())) {
            service.startResponder();
            service.addListener(new PingPongListener() {
                @Override
                public void onPeer(PeerRun run) {
                    runs.add(run);
                }
            });
            service.drill().corruptNextPayloads(3);

            new PingPongProbe(service, "host-b", config.listen()).execute();

            assertThat(runs).singleElement().satisfies(run -> {
                assertThat(run.status()).isEqualTo(ProbeResult.Status.FAIL);
                assertThat(run.corruptions()).isEqualTo(3);
            });
        }
    }
}
