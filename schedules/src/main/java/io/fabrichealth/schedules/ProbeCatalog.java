package io.fabrichealth.schedules;

import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.ScheduleConfig;
import io.fabrichealth.probes.Probe;

/**
 * Where a schedule gets the probe it runs. The wiring supplies the real probe services; schedules only decide
 * when. Called on a Quartz worker thread for every run, so an implementation caches what is costly to build.
 */
@FunctionalInterface
public interface ProbeCatalog {

    /**
     * @param schedule the schedule that fired, as currently configured
     * @param config the whole configuration the schedules were last applied with
     * @throws RuntimeException when no probe can serve the schedule; the run is recorded as FAIL with the message
     */
    Probe probeFor(ScheduleConfig schedule, FabricHealthConfig config);
}
