package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.HostPort;
import io.fabrichealth.probes.Probe;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.probes.ProbeResult;
import java.time.Duration;

/** The burst suite against one peer, as a schedulable probe. */
public final class BurstProbe implements Probe {
    private final BurstService service;
    private final HostPort peer;

    public BurstProbe(BurstService service, HostPort peer) {
        this.service = service;
        this.peer = peer;
    }

    @Override
    public ProbeFamily family() {
        return ProbeFamily.BURSTS;
    }

    /** The suite's {@link io.fabrichealth.probes.Tally}: PASS only when nothing failed (see Tally.status). */
    @Override
    public ProbeResult check() {
        SuiteResult suite = service.runSuite(peer);
        Duration took = suite.results().stream().map(BurstResult::duration).reduce(Duration.ZERO, Duration::plus);
        String summary = peer + ": " + suite.summary() + firstReason(suite);
        return new ProbeResult(suite.tally().status(), summary, suite.at(), took);
    }

    private static String firstReason(SuiteResult suite) {
        return suite.results().stream().filter(r -> r.outcome() == BurstResult.Outcome.FAIL).findFirst()
                .map(r -> "; " + r.set() + ": " + r.reason()).orElse("");
    }
}
