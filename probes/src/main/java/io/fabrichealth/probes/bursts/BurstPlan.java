package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.jni.fabric.FabricHints;
import io.fabrichealth.probes.session.FabricEndpoints;
import java.time.Duration;
import java.util.Locale;

/**
 * One parameter set as the initiator runs it.
 *
 * @param stallTimeout how long without any completion before the burst is declared stuck
 */
public record BurstPlan(BurstSet set, String provider, EndpointType type, int segments, int segmentSize, int window,
        long maxBytes, Duration maxDuration, Duration cancelDelay, Duration stallTimeout) {

    public static final Duration STALL_TIMEOUT = Duration.ofSeconds(3);

    public static BurstPlan of(BurstsConfig config, BurstSet set) {
        return new BurstPlan(set, config.provider(), config.endpoint(), config.segments(),
                config.segmentSize().toIntExact(), config.window(), config.maxBytes().bytes(), config.maxDuration(),
                config.cancelDelay() == null ? Duration.ZERO : config.cancelDelay(), STALL_TIMEOUT);
    }

    /** The name in tables and ObjectNames: default, contiguous, ... */
    public String setName() {
        return set.name().toLowerCase(Locale.ROOT);
    }

    boolean gather() {
        return set != BurstSet.CONTIGUOUS;
    }

    boolean reregister() {
        return set == BurstSet.REREGISTER || set == BurstSet.CACHELESS;
    }

    boolean waitMode() {
        return set == BurstSet.WAIT;
    }

    boolean get() {
        return set == BurstSet.GET;
    }

    FabricHints hints() {
        return FabricEndpoints.rmaHints(provider, type);
    }

    BurstPlan withSet(BurstSet other) {
        return new BurstPlan(other, provider, type, segments, segmentSize, window, maxBytes, maxDuration, cancelDelay,
                stallTimeout);
    }
}
