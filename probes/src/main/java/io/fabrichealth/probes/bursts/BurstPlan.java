package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.BurstKeyword;
import io.fabrichealth.config.BurstPhase;
import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.jni.fabric.FabricHints;
import io.fabrichealth.probes.session.FabricEndpoints;
import java.time.Duration;

/**
 * One test of the suite, a parameter set in a phase, as the initiator runs it. The keywords apply to the initiator's
 * side in both phases (in put it sends the payloads, fabtput's side; in get it pulls them, fabtget's side); the
 * target runs at defaults.
 *
 * @param stallTimeout how long without any completion before the burst is declared stuck
 */
public record BurstPlan(BurstPhase phase, BurstSet set, String provider, EndpointType type, int segments,
        int segmentSize, int window, long maxBytes, Duration maxDuration, Duration cancelDelay, Duration stallTimeout) {

    public static final Duration STALL_TIMEOUT = Duration.ofSeconds(3);

    public static BurstPlan of(BurstsConfig config, BurstPhase phase, BurstSet set) {
        return new BurstPlan(phase, set, config.provider(), config.endpoint(), config.segments(),
                config.segmentSize().toIntExact(), config.window(), config.maxBytes().bytes(), config.maxDuration(),
                config.cancelDelay() == null ? Duration.ZERO : config.cancelDelay(), STALL_TIMEOUT);
    }

    /** {@code put cacheless,reregister}: how alarms and reasons name the test. */
    public String testName() {
        return phase.text() + " " + set;
    }

    /** Scatter-gather RMA (fi_writemsg / fi_readmsg over the segments), unless put is contiguous. */
    boolean gather() {
        return !(phase == BurstPhase.PUT && set.has(BurstKeyword.CONTIGUOUS));
    }

    boolean reregister() {
        return set.has(BurstKeyword.REREGISTER);
    }

    boolean waitMode() {
        return set.has(BurstKeyword.WAIT);
    }

    boolean cancel() {
        return set.has(BurstKeyword.CANCEL);
    }

    boolean cacheless() {
        return set.has(BurstKeyword.CACHELESS);
    }

    boolean get() {
        return phase == BurstPhase.GET;
    }

    FabricHints hints() {
        return FabricEndpoints.rmaHints(provider, type);
    }
}
