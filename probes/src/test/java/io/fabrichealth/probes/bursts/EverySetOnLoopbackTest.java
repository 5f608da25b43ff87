package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.BurstKeyword;
import io.fabrichealth.config.BurstPhase;
import io.fabrichealth.config.BurstSuite;
import io.fabrichealth.config.EndpointType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The acceptance matrix: fabtrun's 15 tests on tcp (MSG), tcp;ofi_rxm (RDM) and sockets all pass, every payload
 * verified, no alarm raised; each keyword did what it says (cacheless in a helper with the cache off, cancel
 * cancelled mid-burst, reregister and contiguous as the facts show).
 */
class EverySetOnLoopbackTest {
    /** Big enough that every cancel set is cancelled mid-burst (at {@link Loopback#CANCEL_DELAY}). */
    static final long MAX_BYTES = 64 << 20;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {"tcp|MSG", "tcp;ofi_rxm|RDM"})
    void fabtrunsFifteenTestsPassWithEveryPayloadVerifiedAndNoAlarm(String provider, EndpointType endpoint) {
        RecordingAlarms alarms = new RecordingAlarms();
        try (BurstService service = new BurstService(Loopback.config(provider, endpoint, BurstSuite.FABTRUN, MAX_BYTES),
                alarms)) {
            service.startTarget();
            SuiteResult suite = service.runSuite(service.config().listen());

            String table = suite.table();
            assertThat(suite.results()).as("%s %s%n%s", provider, endpoint, table).hasSize(15).allSatisfy(r -> {
                assertThat(r.outcome()).as(r.testName() + ": " + r.reason()).isEqualTo(BurstResult.Outcome.OK);
                if (!r.set().has(BurstKeyword.CANCEL)) {
                    assertThat(r.bytes()).as(r.testName() + " moved maxBytes, like every other test").isEqualTo(MAX_BYTES);
                }
            });
            assertThat(suite.summary()).isEqualTo("15 tests, 15 succeeded, 0 failed");
            FabtrunLayout.assertSameLayout(table);
            assertThat(alarms.raised).isEmpty();
            assertThat(alarms.observedBad).isEmpty();
            assertThat(suite.results()).filteredOn(r -> r.set().has(BurstKeyword.CACHELESS)).hasSize(5).allSatisfy(r ->
                    assertThat(r.facts().get("mrCacheAtInit")).as(r.testName())
                            .startsWith("FI_MR_CACHE_MAX_SIZE=0 in helper pid"));
            assertThat(suite.results()).filteredOn(r -> r.set().has(BurstKeyword.CANCEL)).hasSize(2).allSatisfy(r -> {
                assertThat(r.facts().get("cancel")).as(r.testName()).contains("in flight", "receives", "cancelled");
                assertThat(r.bytes()).as(r.testName() + " was cancelled before it moved maxBytes").isLessThan(MAX_BYTES);
            });
            // cacheless changes the helper's environment and nothing else: registered once unless reregister says so.
            assertThat(suite.results()).allSatisfy(r -> {
                long registrations = Long.parseLong(r.facts().get("registrations"));
                long window = Long.parseLong(r.facts().get("window"));
                if (r.set().has(BurstKeyword.REREGISTER)) {
                    assertThat(registrations).as(r.testName() + " registrations").isGreaterThan(window);
                } else {
                    assertThat(registrations).as(r.testName() + " registrations").isEqualTo(window);
                }
            });
            assertThat(suite.results()).filteredOn(r -> r.phase() == BurstPhase.PUT && r.set().has(BurstKeyword.CONTIGUOUS))
                    .hasSize(3).allSatisfy(r -> assertThat(r.facts().get("segments")).endsWith("contiguous"));
        }
    }

    @Test
    void fabtrunsFifteenTestsPassOnSocketsWithItsProgressThreadNotSpinning(@TempDir Path work) throws Exception {
        Process child = ChildJvm.start(work, Map.of("FI_SOCKETS_PE_WAITTIME", "0"), SuiteMain.class, "sockets", "MSG");
        boolean finished = child.waitFor(180, TimeUnit.SECONDS);
        if (!finished) {
            child.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
        String out = Files.readString(work.resolve("child.out"));
        String err = Files.readString(work.resolve("child.err"));
        assertThat(finished).as("suite on sockets finished within 180 s; stderr:\n" + err).isTrue();
        assertThat(child.exitValue()).as(err).isZero();
        for (BurstPhase phase : BurstPhase.values()) {
            BurstSuite.FABTRUN.sets(phase).forEach(set -> assertThat(out).as("%s%nstderr:%n%s", out, err)
                    .contains("set." + phase.text() + " " + set + "=OK|"));
        }
        assertThat(out).contains("15 tests, 15 succeeded, 0 failed").contains("alarms=0");
    }
}
