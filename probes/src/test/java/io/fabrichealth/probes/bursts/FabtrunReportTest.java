package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.BurstPhase;
import io.fabrichealth.config.BurstSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The fabtrun document's own sample, fed through the report, prints the golden file exactly. */
class FabtrunReportTest {
    private static final Object[][] SAMPLE = {
        {"get default", 6.19}, {"get cancel", 2.02}, {"get cacheless", 6.29}, {"get reregister", 5.25},
        {"get cacheless,reregister", 6.04}, {"get wait", 10.94},
        {"put default", 4.89}, {"put cancel", 2.02}, {"put cacheless", 5.15}, {"put reregister", 5.21},
        {"put cacheless,reregister", 5.13}, {"put wait", 7.74}, {"put contiguous", 7.65},
        {"put contiguous,reregister", 8.46}, {"put contiguous,reregister,cacheless", 8.29}};

    @Test
    void theDocumentsSampleReportPrintsTheGoldenFileLineForLine() {
        List<BurstResult> results = new ArrayList<>();
        for (Object[] row : SAMPLE) {
            results.add(ok((String) row[0], (double) row[1], false));
        }
        String table = new SuiteResult("h:7470", Instant.now(), results, Duration.ofSeconds(3)).table();
        assertThat(table.lines().toList()).as(table).isEqualTo(FabtrunLayout.golden());
    }

    @Test
    void failedTestsFollowTheReportOneLineEachAndACappedRowComparesPerByte() {
        List<BurstResult> results = new ArrayList<>(List.of(ok("put default", 1.0, false), ok("put wait", 2.5, true)));
        results.add(new BurstResult("h:7470", BurstPhase.PUT, BurstSet.parse("cancel"), BurstResult.Outcome.FAIL,
                "the burst ended (67108864 bytes in 4 ms) before bursts.cancelDelay (5 ms), so it was never "
                        + "cancelled: lower bursts.cancelDelay below 4 ms", 0, 0, Duration.ofMillis(4), false,
                Instant.now(), Map.of()));
        String table = new SuiteResult("h:7470", Instant.now(), results).table();
        List<String> lines = table.lines().toList();
        assertThat(lines.get(0)).startsWith("put parameter set").as("no get table when no get test ran");
        assertThat(lines.get(3)).as(table).matches("wait +2\\.50 +500  ok \\(hit bursts\\.maxDuration: "
                + "duration/default is per byte\\)");
        assertThat(lines.get(4)).as(table).matches("cancel +0\\.00 +-  fail");
        assertThat(lines).as(table).containsSubsequence("3 tests, 2 succeeded, 1 failed",
                "put cancel: the burst ended (67108864 bytes in 4 ms) before bursts.cancelDelay (5 ms), so it was never "
                        + "cancelled: lower bursts.cancelDelay below 4 ms");
        assertThat(lines.get(lines.size() - 1)).startsWith("put cancel: ");
    }

    @Test
    void theMaskKeepsColumnEdgesSoAMovedColumnFails() {
        assertThat(FabtrunLayout.mask("wait                                    10.94                  176  ok"))
                .isEqualTo(FabtrunLayout.mask("wait                                     0.06                   11  ok"));
        assertThat(FabtrunLayout.mask("wait                                    10.94                  176  ok"))
                .isNotEqualTo(FabtrunLayout.mask("wait                                   10.94                  176  ok"));
    }

    private static BurstResult ok(String test, double seconds, boolean capped) {
        return new BurstResult("h:7470", Loopback.phase(test), Loopback.set(test), BurstResult.Outcome.OK, "",
                capped ? 1 << 20 : 2 << 20, 8, Duration.ofNanos(Math.round(seconds * 1e9)), capped, Instant.now(),
                Map.of());
    }
}
