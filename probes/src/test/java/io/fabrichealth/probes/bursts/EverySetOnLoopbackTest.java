package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.EndpointType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The acceptance matrix: every parameter set on tcp (MSG), tcp;ofi_rxm (RDM) and sockets passes, with
 * every payload verified and no alarm raised; unsupported would need a reason.
 */
class EverySetOnLoopbackTest {

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {"tcp|MSG", "tcp;ofi_rxm|RDM"})
    void everySetPassesWithEveryPayloadVerifiedAndNoAlarm(String provider, EndpointType endpoint) {
        RecordingAlarms alarms = new RecordingAlarms();
        try (BurstService service = new BurstService(Loopback.config(provider, endpoint, List.of(BurstSet.values()),
                4 << 20), alarms)) {
            service.startTarget();
            SuiteResult suite = service.runSuite(service.config().listen());

            assertThat(suite.results()).as("%s %s%n%s", provider, endpoint, suite.table()).hasSize(7).allSatisfy(r -> {
                assertThat(r.outcome()).as(r.set() + ": " + r.reason()).isEqualTo(BurstResult.Outcome.OK);
                assertThat(r.bytes()).as(r.set() + " bytes verified").isGreaterThan(0);
            });
            assertThat(suite.summary()).isEqualTo("7 tests, 7 succeeded, 0 failed");
            assertThat(alarms.raised).isEmpty();
            assertThat(alarms.observedBad).isEmpty();
            BurstResult cacheless = suite.results().get(BurstSet.CACHELESS.ordinal());
            assertThat(cacheless.facts().get("mrCacheAtInit")).startsWith("FI_MR_CACHE_MAX_SIZE=0 in helper pid");
            BurstResult cancel = suite.results().get(BurstSet.CANCEL.ordinal());
            assertThat(cancel.facts().get("cancel")).contains("receives").contains("cancelled");
        }
    }

    @Test
    void everySetPassesOnSocketsWithItsProgressThreadNotSpinning(@TempDir Path work) throws Exception {
        Process child = ChildJvm.start(work, Map.of("FI_SOCKETS_PE_WAITTIME", "0"), SuiteMain.class, "sockets", "MSG");
        boolean finished = child.waitFor(120, TimeUnit.SECONDS);
        if (!finished) {
            child.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
        String out = Files.readString(work.resolve("child.out"));
        String err = Files.readString(work.resolve("child.err"));
        assertThat(finished).as("suite on sockets finished within 120 s; stderr:\n" + err).isTrue();
        assertThat(child.exitValue()).as(err).isZero();
        for (BurstSet set : BurstSet.values()) {
            String name = set.name().toLowerCase(java.util.Locale.ROOT);
            assertThat(out).as("%s%nstderr:%n%s", out, err).contains("set." + name + "=OK|");
        }
        assertThat(out).contains("7 tests, 7 succeeded, 0 failed").contains("alarms=0");
    }
}
