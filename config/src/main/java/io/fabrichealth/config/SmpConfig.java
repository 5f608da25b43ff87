package io.fabrichealth.config;

import io.fabrichealth.config.bind.Positive;
import io.fabrichealth.config.bind.Range;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The SMP sweep. The window is capped at 128 because umad2sim deadlocks at about 350 MADs in flight per
 * client, and 128 is also the QP0 send-queue default on hardware.
 *
 * @param window SMPs outstanding at once on the local port
 * @param perDestination SMPs outstanding at once to one destination
 * @param timeout how long one SMP may go unanswered before it counts as timed out
 * @param retries resends after a timeout
 * @param madsPerSecond send-rate cap; 0 = no cap
 * @param targets explicit destinations; empty = every node the sweep discovers
 * @param thresholds counter name to threshold, overriding {@link IbaCounters#ERROR_THRESHOLD_DEFAULTS}
 * @param resetNearSaturation clear a port's counters when one nears its maximum, so it keeps counting
 * @param flapping when a port that goes Down and comes back is flapping (LinkFlapping) rather than down
 */
public record SmpConfig(
        @Range(min = 1, max = 128) int window,
        @Range(min = 1, max = 4) int perDestination,
        @Positive Duration timeout,
        @Range(min = 0, max = 10) int retries,
        @Range(min = 0, max = 10_000_000) int madsPerSecond,
        List<SmpTarget> targets,
        Map<String, Long> thresholds,
        boolean resetNearSaturation,
        FlappingConfig flapping) {

    public static final SmpConfig DEFAULTS = new SmpConfig(64, 2, Duration.ofMillis(1000), 3, 0, List.of(),
            Map.of(), false);

    /** The engine and thresholds with the default flapping rule (tests, benchmarks). */
    public SmpConfig(int window, int perDestination, Duration timeout, int retries, int madsPerSecond,
            List<SmpTarget> targets, Map<String, Long> thresholds, boolean resetNearSaturation) {
        this(window, perDestination, timeout, retries, madsPerSecond, targets, thresholds, resetNearSaturation,
                FlappingConfig.DEFAULTS);
    }

    /** The thresholds to apply: infiniband-diags' defaults with the configured ones on top. */
    public Map<String, Long> effectiveThresholds() {
        Map<String, Long> m = new LinkedHashMap<>(IbaCounters.ERROR_THRESHOLD_DEFAULTS);
        m.putAll(thresholds);
        return Collections.unmodifiableMap(m);
    }
}
