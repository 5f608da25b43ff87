package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.BurstPhase;
import java.util.List;
import java.util.Locale;

/**
 * A suite printed as fabtrun prints its report: for each phase that ran, a header ({@code get parameter set
 * duration (s) duration/default (%) result}), a rule, and a row per set (keywords space-separated, seconds to two
 * decimals, {@code -} for the default row, otherwise the percentage of the default's duration cut to an integer
 * as fabtrun cuts it (2.02 s of 6.19 s prints 32), ok or fail); then fabtrun's key, worded as fabtrun words it except where the agent really differs (no command-line
 * flags, cancel's delay, cacheless's helper process, epoll_wait); then the summary line; then why each test that
 * did not pass did not. The columns are aligned; the reference lost its spacing, not its words.
 */
final class FabtrunReport {
    /** Wide enough for {@code contiguous reregister cacheless}; the header is then 74 characters, as fabtrun's rule. */
    private static final int SET_WIDTH = 32;

    private FabtrunReport() {
    }

    static String of(SuiteResult suite) {
        int width = SET_WIDTH;
        for (BurstResult r : suite.results()) {
            width = Math.max(width, r.set().words().length());
        }
        String header = "%-" + width + "s %12s %20s  %s%n";
        StringBuilder t = new StringBuilder();
        for (BurstPhase phase : BurstPhase.values()) {
            List<BurstResult> rows = suite.results().stream().filter(r -> r.phase() == phase).toList();
            if (rows.isEmpty()) {
                continue;
            }
            String head = String.format(Locale.ROOT, header, phase.text() + " parameter set", "duration (s)",
                    "duration/default (%)", "result");
            t.append(head);
            t.append("-".repeat(head.strip().length())).append('\n');
            BurstResult base = suite.defaultResult(phase);
            for (BurstResult r : rows) {
                double pct = r.set().isDefault() ? -1 : SuiteResult.percentOfDefault(r, base);
                boolean ran = r.outcome() == BurstResult.Outcome.OK || r.outcome() == BurstResult.Outcome.FAIL;
                t.append(String.format(Locale.ROOT, header, r.set().words(),
                        ran ? String.format(Locale.ROOT, "%.2f", r.duration().toNanos() / 1e9) : "-",
                        pct < 0 ? "-" : Long.toString((long) Math.floor(pct)), result(r)));
            }
        }
        t.append(key(suite));
        t.append(suite.summary()).append('\n');
        for (BurstResult r : suite.results()) {
            if (r.outcome() != BurstResult.Outcome.OK && !r.reason().isEmpty()) {
                t.append(r.testName()).append(": ").append(r.reason().replace('\n', ' ')).append('\n');
            }
        }
        return t.toString();
    }

    /** ok or fail, as fabtrun; unsupported and skipped as such; a burst cut by maxDuration says so. */
    private static String result(BurstResult r) {
        String text = r.outcome().text();
        if (r.capped()) {
            text += " (hit bursts.maxDuration: duration/default is per byte)";
        }
        return text;
    }

    private static String key(SuiteResult suite) {
        long delay = suite.cancelDelay().toMillis();
        return """
                key:
                parameters:
                default: register each RDMA buffer once, use scatter-gather RDMA
                cancel: fi_cancel(3) every operation after %s (bursts.cancelDelay)
                cacheless: env FI_MR_CACHE_MAX_SIZE=0 in a helper process, disable memory-registration cache
                contiguous: RDMA conti(g)uous bytes, no scatter-gather (put only)
                reregister: deregister/(r)eregister each RDMA buffer before reuse
                wait: wait for I/O using epoll_wait(2) instead of polling with fi_cq_read(3)
                duration: elapsed real time in seconds
                duration/default: elapsed real time as a percentage of the duration
                measured with the default parameter set
                """.formatted(delay + " ms");
    }
}
