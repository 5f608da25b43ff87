package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.Endpoint;
import io.fabrichealth.config.HostPort;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A provider that lacks what a set needs gives UNSUPPORTED with the reason, never FAIL or a false ok. */
class UnsupportedProviderTest {

    @Test
    void shmHasNoMsgEndpointSoItIsUnsupportedNamingTheProvider() {
        RecordingAlarms alarms = new RecordingAlarms();
        BurstService service = new BurstService(Loopback.config("shm", Endpoint.MSG, List.of(BurstSet.DEFAULT), 1 << 20),
                alarms);
        BurstResult r = service.runSet(new HostPort("127.0.0.1", Loopback.freePort()), BurstSet.DEFAULT);
        assertThat(r.outcome()).as(r.reason()).isEqualTo(BurstResult.Outcome.UNSUPPORTED);
        assertThat(r.reason()).contains("provider 'shm' offers no MSG endpoint with FI_MSG|FI_RMA");
        assertThat(alarms.observedBad).isEmpty();
    }

    @Test
    void aTargetThatIsNotListeningFailsSayingSo() {
        BurstService service = new BurstService(Loopback.config("tcp", Endpoint.MSG, List.of(BurstSet.DEFAULT), 1 << 20),
                new RecordingAlarms());
        BurstResult r = service.runSet(new HostPort("127.0.0.1", Loopback.freePort()), BurstSet.DEFAULT);
        assertThat(r.outcome()).isEqualTo(BurstResult.Outcome.FAIL);
        assertThat(r.reason()).contains("ECONNREFUSED", "is the target agent running");
    }
}
