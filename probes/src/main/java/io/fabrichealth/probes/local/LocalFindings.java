package io.fabrichealth.probes.local;

import io.fabrichealth.probes.smp.health.Verdict;
import java.util.List;
import java.util.Map;

/**
 * What one read concluded about one local port.
 *
 * @param reasons     every finding in words, worst first; congestion and resets do not change the verdict
 * @param portDown    the port was Active at an earlier read and is not now
 * @param deltas      growth of every counter since the previous read ({@code counters/*} by their sysfs name,
 *                    {@code hw_counters/*} prefixed {@code hw.}); empty at the first read
 * @param moved       error counters that grew, {@code rcvd_seq_err +32}
 * @param breaches    error counters that grew by their threshold or more, {@code rcvd_seq_err +32 >= 10}
 * @param congestion  congestion counters that grew (DCQCN's CNPs, port_xmit_wait): never an error
 */
public record LocalFindings(Verdict verdict, List<String> reasons, boolean portDown, Map<String, Long> deltas,
        List<String> moved, List<String> breaches, List<String> congestion) {

    public static final LocalFindings FIRST = new LocalFindings(Verdict.OK, List.of("first read: no deltas yet"),
            false, Map.of(), List.of(), List.of(), List.of());

    public LocalFindings {
        reasons = List.copyOf(reasons);
        deltas = LocalPortReading.sorted(deltas);
        moved = List.copyOf(moved);
        breaches = List.copyOf(breaches);
        congestion = List.copyOf(congestion);
    }
}
