package io.fabrichealth.probes;

import io.fabrichealth.config.ProbeFamily;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One schedule aimed at several peers: runs the per-peer probes one after another (never in parallel, to keep
 * the fabric's load small) and reports the worst outcome, with every peer's summary.
 */
public record EachTarget(ProbeFamily family, List<Probe> probes) implements Probe {

    @Override
    public ProbeResult check() {
        Instant start = Instant.now();
        List<ProbeResult> results = probes.stream().map(Probe::execute).toList();
        String summary = results.stream().map(ProbeResult::summary).collect(Collectors.joining(" | "));
        return new ProbeResult(worst(results), summary, start, Duration.between(start, Instant.now()));
    }

    /**
     * FAIL beats UNSUPPORTED beats PASS beats SKIPPED: one failing peer fails the run, and a peer whose probe
     * is UNSUPPORTED (a refusal, or nothing this host can run) keeps the run from reading PASS.
     */
    static ProbeResult.Status worst(List<ProbeResult> results) {
        for (ProbeResult.Status s : List.of(ProbeResult.Status.FAIL, ProbeResult.Status.UNSUPPORTED,
                ProbeResult.Status.PASS)) {
            if (results.stream().anyMatch(r -> r.status() == s)) {
                return s;
            }
        }
        return ProbeResult.Status.SKIPPED;
    }
}
