package io.fabrichealth.probes;

import io.fabrichealth.config.ProbeFamily;
import java.time.Duration;
import java.time.Instant;

/**
 * A health check: {@link #check()} does the work and may throw; {@link #execute()} never throws, so a schedule
 * can always record a result (Dropwizard's HealthCheck shape).
 */
public interface Probe {
    ProbeFamily family();

    ProbeResult check() throws Exception;

    default ProbeResult execute() {
        Instant start = Instant.now();
        try {
            return check();
        } catch (Exception | LinkageError e) {
            return ProbeResult.fail(e.getClass().getSimpleName() + ": " + e.getMessage(), start,
                    Duration.between(start, Instant.now()));
        }
    }
}
