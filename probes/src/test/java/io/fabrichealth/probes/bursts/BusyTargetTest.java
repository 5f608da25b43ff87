package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabrichealth.config.BurstSuite;
import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.config.ByteSize;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.probes.ProbeResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A target serves one initiator at a time, on libfabric tcp over loopback: two initiators burst at one target
 * at once; exactly one runs, the other is refused on the wire (SKIPPED, no alarm, nothing left open) and
 * succeeds when it retries after the first is done.
 */
class BusyTargetTest {

    /** maxConcurrent 2 on every side: the refusal must come from the one-initiator rule, not from the cap. */
    private static BurstsConfig config(BurstSuite sets, Duration maxDuration) {
        return config("tcp", EndpointType.MSG, sets, maxDuration);
    }

    private static BurstsConfig config(String provider, EndpointType endpoint, BurstSuite sets,
            Duration maxDuration) {
        return new BurstsConfig(new HostPort("127.0.0.1", Loopback.freePort()), provider, endpoint, sets,
                ByteSize.ofKiB(64), 4, 8, ByteSize.ofMiB(4096), maxDuration, 2, Duration.ofMillis(10));
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {"tcp|MSG", "tcp;ofi_rxm|RDM"})
    void aSecondInitiatorIsRefusedWhileTheFirstRunsAndSucceedsOnItsRetry(String provider, EndpointType endpoint)
            throws Exception {
        RecordingAlarms targetAlarms = new RecordingAlarms();
        RecordingAlarms aAlarms = new RecordingAlarms();
        RecordingAlarms cAlarms = new RecordingAlarms();
        BurstSuite sets = Loopback.suite("put default", "put contiguous");
        try (BurstService target = new BurstService(config(provider, endpoint, sets, Duration.ofSeconds(2)), targetAlarms);
                BurstService a = new BurstService(config(provider, endpoint, sets, Duration.ofSeconds(2)), aAlarms);
                BurstService c = new BurstService(config(provider, endpoint, sets, Duration.ofMillis(300)), cAlarms)) {
            target.startTarget();
            HostPort at = target.config().listen();

            CompletableFuture<ProbeResult> first = CompletableFuture.supplyAsync(
                    () -> new BurstProbe(a, "host-a", at).execute());
            await().atMost(Duration.ofSeconds(10)).until(() -> target.budget().running() == 1);

            ProbeResult refused = new BurstProbe(c, "host-b", at).execute();
            assertThat(refused.status()).as(refused.summary()).isEqualTo(ProbeResult.Status.SKIPPED);
            assertThat(refused.summary()).isEqualTo("host-b's burst target (" + at
                    + ") is busy with another initiator; retried in the next slot");
            assertThat(target.budget().running()).as("the refused session holds no permit").isLessThanOrEqualTo(1);

            ProbeResult ran = first.get(60, TimeUnit.SECONDS);
            assertThat(ran.status()).as(ran.summary()).isEqualTo(ProbeResult.Status.PASS);
            assertThat(ran.summary()).contains("2 tests, 2 succeeded, 0 failed");
            await().atMost(Duration.ofSeconds(10)).until(() -> target.budget().running() == 0);

            ProbeResult retried = new BurstProbe(c, "host-b", at).execute();
            assertThat(retried.status()).as(retried.summary()).isEqualTo(ProbeResult.Status.PASS);
            assertThat(retried.summary()).contains("2 tests, 2 succeeded, 0 failed");
            assertThat(target.budget().served()).as("a's two sets and c's two on retry: the refusal was never served")
                    .isEqualTo(4);
            await("nothing left open").atMost(Duration.ofSeconds(10)).until(() -> target.budget().running() == 0);

            for (RecordingAlarms alarms : List.of(targetAlarms, aAlarms, cAlarms)) {
                assertThat(alarms.raised).isEmpty();
                assertThat(alarms.observedBad).isEmpty();
            }
        }
    }

    @Test
    void theRefusalStopsTheSuiteAndSaysWhichSetTheTargetRefused() throws Exception {
        BurstSuite sets = Loopback.suite("get default", "put default", "put contiguous");
        try (BurstService target = new BurstService(config(sets, Duration.ofSeconds(2)), new RecordingAlarms());
                BurstService a = new BurstService(config(sets, Duration.ofSeconds(2)), new RecordingAlarms());
                BurstService c = new BurstService(config(sets, Duration.ofMillis(300)), new RecordingAlarms())) {
            target.startTarget();
            HostPort at = target.config().listen();
            CompletableFuture<SuiteResult> first = CompletableFuture.supplyAsync(() -> a.runSuite(at));
            await().atMost(Duration.ofSeconds(10)).until(() -> target.budget().running() == 1);

            SuiteResult refused = c.runSuite(at);
            assertThat(refused.results()).extracting(BurstResult::outcome).containsOnly(BurstResult.Outcome.SKIPPED);
            assertThat(refused.results().get(0).targetBusy()).as(refused.table()).isTrue();
            assertThat(refused.results().get(0).reason()).contains("refused the burst", "busy with another initiator");
            assertThat(refused.results().subList(1, 3)).allSatisfy(r -> {
                assertThat(r.reason()).isEqualTo("not run: the target refused the get default test");
                assertThat(r.bytes()).isZero();
            });
            assertThat(first.get(60, TimeUnit.SECONDS).summary()).isEqualTo("3 tests, 3 succeeded, 0 failed");
        }
    }
}
