package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.probes.ProbeResult;
import io.fabrichealth.probes.Tally;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** fabtrun's closing line adds up, and the suite reads PASS only when nothing failed. */
class SuiteSummaryTest {
    private static final String[] SETS = Loopback.SEVEN;

    @Test
    void aSuiteWithOneUnsupportedSetSaysSoAndStillPasses() {
        List<BurstResult> results = new ArrayList<>();
        for (String set : SETS) {
            results.add(result(set, set.equals("put wait") ? BurstResult.Outcome.UNSUPPORTED : BurstResult.Outcome.OK));
        }
        SuiteResult suite = new SuiteResult("127.0.0.1:7471", Instant.now(), results);

        assertThat(suite.summary()).isEqualTo("7 tests, 6 succeeded, 0 failed, 1 unsupported");
        assertThat(suite.tally().status()).isEqualTo(ProbeResult.Status.PASS);
        assertThat(suite.table()).contains("7 tests, 6 succeeded, 0 failed, 1 unsupported");
    }

    @Test
    void theNumbersAlwaysSumToTheNumberOfTests() {
        SplittableRandom random = new SplittableRandom(7);
        BurstResult.Outcome[] outcomes = BurstResult.Outcome.values();
        for (int round = 0; round < 10_000; round++) {
            List<BurstResult> results = new ArrayList<>();
            int n = random.nextInt(0, 16);
            for (int i = 0; i < n; i++) {
                results.add(result(SETS[i % SETS.length], outcomes[random.nextInt(outcomes.length)]));
            }
            SuiteResult suite = new SuiteResult("p", Instant.now(), results);
            Tally t = suite.tally();
            assertThat(t.succeeded() + t.failed() + t.unsupported() + t.unsupportedByPeer() + t.skipped())
                    .isEqualTo(n);
            assertThat(printedSum(suite.summary())).as(suite.summary()).isEqualTo(n);
            assertThat(t.status() == ProbeResult.Status.PASS).as(suite.summary())
                    .isEqualTo(t.failed() == 0 && t.succeeded() > 0);
        }
    }

    @Test
    void aFailedSetFailsTheSuiteWhateverElseHappened() {
        SuiteResult suite = new SuiteResult("p", Instant.now(), List.of(result("put default", BurstResult.Outcome.OK),
                result("put wait", BurstResult.Outcome.UNSUPPORTED), result("get default", BurstResult.Outcome.SKIPPED),
                result("put cancel", BurstResult.Outcome.FAIL)));
        assertThat(suite.summary()).isEqualTo("4 tests, 1 succeeded, 1 failed, 1 unsupported, 1 skipped");
        assertThat(suite.tally().status()).isEqualTo(ProbeResult.Status.FAIL);
    }

    @Test
    void aPeersRefusalNeverReadsPass() {
        Tally t = Tally.of(List.of(Tally.Part.SUCCEEDED, Tally.Part.UNSUPPORTED_BY_PEER));
        assertThat(t.line()).isEqualTo("2 tests, 1 succeeded, 0 failed, 1 unsupported (1 by the peer)");
        assertThat(t.status()).isEqualTo(ProbeResult.Status.UNSUPPORTED);
    }

    /** The printed buckets after "N tests", summed. */
    private static int printedSum(String line) {
        int sum = 0;
        String[] parts = line.split(", ");
        for (int i = 1; i < parts.length; i++) {
            sum += Integer.parseInt(parts[i].split(" ")[0]);
        }
        return sum;
    }

    private static BurstResult result(String test, BurstResult.Outcome outcome) {
        return new BurstResult("p", Loopback.phase(test), Loopback.set(test), outcome,
                outcome == BurstResult.Outcome.OK ? "" : "why", 1 << 20, 16, Duration.ofMillis(10), false, Instant.now(),
                Map.of());
    }
}
