package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.HostPort;
import io.fabrichealth.probes.Probe;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.probes.ProbeResult;
import java.time.Duration;

/** The burst suite against one peer, as a schedulable probe. */
public final class BurstProbe implements Probe {
    private final BurstService service;
    private final String name;
    private final HostPort peer;

    public BurstProbe(BurstService service, HostPort peer) {
        this(service, peer.toString(), peer);
    }

    /** @param name the peer's name (PeerConfig.name), for summaries */
    public BurstProbe(BurstService service, String name, HostPort peer) {
        this.service = service;
        this.name = name;
        this.peer = peer;
    }

    @Override
    public ProbeFamily family() {
        return ProbeFamily.BURSTS;
    }

    /**
     * The suite's {@link io.fabrichealth.probes.Tally}: PASS only when nothing failed (see Tally.status). A suite
     * the target refused reads SKIPPED, with why: no alarm, and the next slot retries.
     */
    @Override
    public ProbeResult check() {
        SuiteResult suite = service.runSuite(peer);
        Duration took = suite.results().stream().map(BurstResult::duration).reduce(Duration.ZERO, Duration::plus);
        ProbeResult.Status status = suite.tally().status();
        BurstResult refused = suite.results().stream().filter(BurstResult::refusedByTarget).findFirst().orElse(null);
        if (refused != null && status == ProbeResult.Status.SKIPPED) {
            String why = refused.targetBusy() ? "is busy with another initiator" : "refused the suite (" + refused.reason() + ")";
            return new ProbeResult(status, target() + " " + why + "; retried in the next slot", suite.at(), took);
        }
        String summary = peer + ": " + suite.summary() + firstReason(suite);
        return new ProbeResult(status, summary, suite.at(), took);
    }

    private String target() {
        return name.equals(peer.toString()) ? peer + "'s burst target" : name + "'s burst target (" + peer + ")";
    }

    private static String firstReason(SuiteResult suite) {
        return suite.results().stream().filter(r -> r.outcome() == BurstResult.Outcome.FAIL).findFirst()
                .map(r -> "; " + r.testName() + ": " + r.reason()).orElse("");
    }
}
