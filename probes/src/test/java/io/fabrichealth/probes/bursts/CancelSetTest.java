package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.BurstPhase;
import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.config.EndpointType;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** fabtrun's cancel: a test program that was never cancelled indicates an error. */
class CancelSetTest {

    @Test
    void aBurstThatEndsBeforeTheCancelDelayFailsAndSaysToLowerIt() {
        BurstsConfig base = Loopback.config("tcp", EndpointType.MSG, Loopback.suite("put cancel", "get cancel"), 1 << 20);
        BurstsConfig late = new BurstsConfig(base.listen(), base.provider(), base.endpoint(), base.suite(),
                base.segmentSize(), base.segments(), base.window(), base.maxBytes(), base.maxDuration(),
                base.maxConcurrent(), Duration.ofSeconds(1));
        RecordingAlarms alarms = new RecordingAlarms();
        try (BurstService service = new BurstService(late, alarms)) {
            service.startTarget();
            for (BurstPhase phase : BurstPhase.values()) {
                BurstResult r = service.runSet(late.listen(), phase, BurstSet.parse("cancel"));
                assertThat(r.outcome()).as(r.testName() + ": " + r.reason()).isEqualTo(BurstResult.Outcome.FAIL);
                assertThat(r.reason()).as(r.testName()).contains("before bursts.cancelDelay (1000 ms)",
                        "never cancelled: lower bursts.cancelDelay below");
                assertThat(r.bytes()).as(r.testName() + ": what moved was still verified").isEqualTo(1 << 20);
            }
            assertThat(alarms.raised).as("a late cancel is no corruption").isEmpty();
        }
    }
}
