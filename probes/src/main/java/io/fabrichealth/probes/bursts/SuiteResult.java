package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.BurstPhase;
import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.probes.Tally;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Every test run against one peer, get's then put's, printed the way fabtrun prints its report ({@link FabtrunReport}).
 *
 * @param cancelDelay the cancel sets' delay, which the report's key names
 */
public record SuiteResult(String peer, Instant at, List<BurstResult> results, Duration cancelDelay) {

    public SuiteResult {
        results = List.copyOf(results);
    }

    public SuiteResult(String peer, Instant at, List<BurstResult> results) {
        this(peer, at, results, BurstsConfig.DEFAULTS.cancelDelay());
    }

    public long succeeded() {
        return count(BurstResult.Outcome.OK);
    }

    public long failed() {
        return count(BurstResult.Outcome.FAIL);
    }

    public long unsupported() {
        return count(BurstResult.Outcome.UNSUPPORTED);
    }

    private long count(BurstResult.Outcome outcome) {
        return results.stream().filter(r -> r.outcome() == outcome).count();
    }

    public long skipped() {
        return count(BurstResult.Outcome.SKIPPED);
    }

    /** Every test counted once: unsupported only ever comes from this host's own capability check. */
    public Tally tally() {
        return Tally.of(results.stream().map(r -> switch (r.outcome()) {
            case OK -> Tally.Part.SUCCEEDED;
            case FAIL -> Tally.Part.FAILED;
            case UNSUPPORTED -> Tally.Part.UNSUPPORTED;
            case SKIPPED -> Tally.Part.SKIPPED;
        }).toList());
    }

    /** fabtrun's closing line, {@code N tests, N succeeded, N failed}, plus the unsupported and skipped. */
    public String summary() {
        return tally().line();
    }

    /**
     * fabtrun's duration/default: this test's duration as a percentage of the same phase's default test (both moved
     * bursts.maxBytes, or the cancel set stopped early, as fabtrun's does). When either stopped at bursts.maxDuration
     * instead, the bytes differ, so it is time per byte against time per byte. -1 when either did not pass.
     */
    public static double percentOfDefault(BurstResult result, BurstResult defaultResult) {
        if (defaultResult == null || defaultResult.outcome() != BurstResult.Outcome.OK
                || result.outcome() != BurstResult.Outcome.OK) {
            return -1;
        }
        double mine = result.duration().toNanos();
        double base = defaultResult.duration().toNanos();
        if (result.capped() || defaultResult.capped()) {
            mine = result.bytes() <= 0 ? 0 : mine / result.bytes();
            base = defaultResult.bytes() <= 0 ? 0 : base / defaultResult.bytes();
        }
        if (mine <= 0 || base <= 0) {
            return -1;
        }
        return Math.round(1000.0 * mine / base) / 10.0;
    }

    /** The default test of {@code phase}, or null when the suite had none. */
    public BurstResult defaultResult(BurstPhase phase) {
        return results.stream().filter(r -> r.phase() == phase && r.set().isDefault()).findFirst().orElse(null);
    }

    /** fabtrun's report: a table per phase, the key, the summary line, then one line per failed test. */
    public String table() {
        return FabtrunReport.of(this);
    }
}
