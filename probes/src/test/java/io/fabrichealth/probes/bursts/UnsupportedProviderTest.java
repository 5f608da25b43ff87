package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.BurstPhase;
import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.config.HostPort;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A provider that lacks what a set needs gives UNSUPPORTED with the reason, never FAIL or a false ok. */
class UnsupportedProviderTest {

    @Test
    void shmHasNoMsgEndpointSoItIsUnsupportedNamingTheProvider() {
        RecordingAlarms alarms = new RecordingAlarms();
        BurstService service = new BurstService(Loopback.config("shm", EndpointType.MSG, Loopback.suite("put default"), 1 << 20),
                alarms);
        BurstResult r = service.runSet(new HostPort("127.0.0.1", Loopback.freePort()), BurstPhase.PUT, BurstSet.DEFAULT);
        assertThat(r.outcome()).as(r.reason()).isEqualTo(BurstResult.Outcome.UNSUPPORTED);
        assertThat(r.reason()).contains("provider 'shm' offers no MSG endpoint with FI_MSG|FI_RMA");
        assertThat(alarms.observedBad).isEmpty();
    }

    /**
     * shm runs every set but wait (it has no wait objects): fabtrun's line counts the two unsupported tests, the
     * numbers add up to 15, and nothing failed. In a JVM of its own, like the other whole suites.
     */
    @Test
    void aSuiteWithOneUnsupportedSetSaysSoInFabtrunsLine(@TempDir Path work) throws Exception {
        Process child = ChildJvm.start(work, Map.of(), SuiteMain.class, "shm", "RDM");
        boolean finished = child.waitFor(120, TimeUnit.SECONDS);
        if (!finished) {
            child.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
        String out = Files.readString(work.resolve("child.out"));
        assertThat(finished).as("the shm suite finished within 120 s: %s", out).isTrue();
        assertThat(out).as(out).contains("15 tests, 13 succeeded, 0 failed, 2 unsupported")
                .contains("set.get wait=UNSUPPORTED|the provider has no wait objects")
                .contains("set.put wait=UNSUPPORTED|the provider has no wait objects").contains("alarms=0");
    }

    @Test
    void aTargetThatIsNotListeningFailsSayingSo() {
        BurstService service = new BurstService(Loopback.config("tcp", EndpointType.MSG, Loopback.suite("put default"), 1 << 20),
                new RecordingAlarms());
        BurstResult r = service.runSet(new HostPort("127.0.0.1", Loopback.freePort()), BurstPhase.PUT, BurstSet.DEFAULT);
        assertThat(r.outcome()).isEqualTo(BurstResult.Outcome.FAIL);
        assertThat(r.reason()).contains("ECONNREFUSED", "is the target agent running");
    }
}
