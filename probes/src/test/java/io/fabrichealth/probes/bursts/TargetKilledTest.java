package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.BurstPhase;
import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.config.HostPort;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A target killed mid-burst fails the set with a clear reason within T plus the stall timeout. */
class TargetKilledTest {

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {"tcp|MSG", "tcp;ofi_rxm|RDM", "sockets|MSG"})
    void killingTheTargetMidBurstFailsTheSetWithinTPlusTheTimeout(String provider, EndpointType endpoint, @TempDir Path work)
            throws Exception {
        int port = Loopback.freePort();
        Process target = ChildJvm.start(work, Map.of("FI_SOCKETS_PE_WAITTIME", "0"), TargetMain.class, provider,
                endpoint.name(), Integer.toString(port));
        try {
            awaitReady(work, target);
            BurstsConfig base = Loopback.config(provider, endpoint, Loopback.suite("put default"), 1L << 40);
            Duration t = Duration.ofSeconds(4);
            BurstsConfig config = new BurstsConfig(base.listen(), provider, endpoint, base.suite(), base.segmentSize(),
                    base.segments(), base.window(), base.maxBytes(), t, 2, base.cancelDelay());
            RecordingAlarms alarms = new RecordingAlarms();
            BurstService initiator = new BurstService(config, alarms);
            long start = System.nanoTime();
            CompletableFuture<BurstResult> run = CompletableFuture.supplyAsync(
                    () -> initiator.runSet(new HostPort("127.0.0.1", port), BurstPhase.PUT, BurstSet.DEFAULT));
            awaitLine(work, target, "started 1"); // the burst reached the target, however long connecting took
            Thread.sleep(700); // the scenario: the target dies 700 ms into a 4 s burst
            assertThat(run).as("the burst is still running when the target is killed").isNotDone();
            target.destroyForcibly().waitFor(5, TimeUnit.SECONDS);

            BurstResult result = run.get(30, TimeUnit.SECONDS);
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertThat(result.outcome()).as("%s after %d ms: %s", provider, took.toMillis(), result.reason())
                    .isEqualTo(BurstResult.Outcome.FAIL);
            assertThat(result.reason()).contains("target 127.0.0.1:" + port)
                    .containsAnyOf("went away", "stopped answering", "failed:");
            // The feature: the engine's own timeout behaviour, T plus the stall timeout (and 1 s of slack).
            assertThat(took).as(result.reason()).isLessThan(t.plus(BurstPlan.STALL_TIMEOUT).plusSeconds(1));
            assertThat(alarms.observedBad).singleElement().satisfies(a -> assertThat(a.kind()).isEqualTo(AlarmKind.BurstFailed));
        } finally {
            target.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    private static void awaitReady(Path work, Process target) throws Exception {
        awaitLine(work, target, "ready");
    }

    private static void awaitLine(Path work, Process target, String line) {
        Path out = work.resolve("child.out");
        Awaitility.await("target JVM prints '" + line + "'").atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(20)).until(() -> {
                    if (Files.exists(out) && Files.readString(out).contains(line)) {
                        return true;
                    }
                    if (!target.isAlive()) {
                        throw new AssertionError("target JVM exited: " + Files.readString(work.resolve("child.err")));
                    }
                    return false;
                });
    }
}
