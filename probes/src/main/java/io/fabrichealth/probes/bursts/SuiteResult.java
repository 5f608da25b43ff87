package io.fabrichealth.probes.bursts;

import io.fabrichealth.probes.Tally;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/** Every set run against one peer, printed the way fabtrun prints its table. */
public record SuiteResult(String peer, Instant at, List<BurstResult> results) {

    public SuiteResult {
        results = List.copyOf(results);
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

    /** Every set counted once: unsupported only ever comes from this host's own capability check. */
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
     * Time per byte relative to the default set's, in percent (100 = as fast as default, 200 = half the
     * throughput), to a tenth of a percent; -1 when either has no throughput to compare.
     */
    public static double percentOfDefault(BurstResult result, BurstResult defaultResult) {
        if (defaultResult == null || defaultResult.outcome() != BurstResult.Outcome.OK
                || result.outcome() != BurstResult.Outcome.OK) {
            return -1;
        }
        double mine = result.throughputBytesPerSecond();
        double base = defaultResult.throughputBytesPerSecond();
        if (mine <= 0 || base <= 0) {
            return -1;
        }
        // To a tenth of a percent, as fabtrun's table reads: the default set against itself is exactly 100.
        return Math.round(1000.0 * base / mine) / 10.0;
    }

    public BurstResult defaultResult() {
        return results.stream().filter(r -> r.set().equals("default")).findFirst().orElse(null);
    }

    /** One row per set, then the summary; reasons of failed and unsupported sets follow the table. */
    public String table() {
        StringBuilder t = new StringBuilder();
        t.append(String.format(Locale.ROOT, "%-12s %12s %10s %14s %12s  %s%n", "set", "duration_ms", "% default",
                "MB/s", "ops/s", "result"));
        BurstResult base = defaultResult();
        for (BurstResult r : results) {
            double pct = percentOfDefault(r, base);
            t.append(String.format(Locale.ROOT, "%-12s %12.1f %10s %14.1f %12.0f  %s%n", r.set(),
                    r.duration().toNanos() / 1e6, pct < 0 ? "-" : String.format(Locale.ROOT, "%.0f%%", pct),
                    r.throughputBytesPerSecond() / 1e6, r.opsPerSecond(), r.outcome().text()));
        }
        t.append(summary()).append('\n');
        for (BurstResult r : results) {
            if (!r.reason().isEmpty()) {
                t.append(r.set()).append(": ").append(r.reason()).append('\n');
            }
        }
        return t.toString();
    }
}
