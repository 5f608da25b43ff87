package io.fabrichealth.probes.smp.engine;

import io.fabrichealth.config.SmpConfig;
import java.time.Duration;

/**
 * How hard the engine may push: the windows, the per-MAD deadline and retries, and an optional rate cap.
 *
 * @param window MADs outstanding at once on the local port, 1..128 (128 is the QP0 send-queue default, and
 *     umad2sim deadlocks near 350)
 * @param perDestination MADs outstanding at once to one destination, 1..4: smp_mad_stress saw a switch answer
 *     4.5k MAD/s with 1 in flight, 5.7k with 2, and no more beyond
 * @param timeout how long one attempt may go unanswered
 * @param retries attempts after the first, like libibmad's
 * @param madsPerSecond agent-wide send cap; 0 = none
 */
public record EngineSettings(int window, int perDestination, Duration timeout, int retries, int madsPerSecond) {
    public static final int MAX_WINDOW = 128;
    public static final int MAX_PER_DESTINATION = 4;

    public static final EngineSettings DEFAULTS = of(SmpConfig.DEFAULTS);

    public EngineSettings {
        if (window < 1 || window > MAX_WINDOW) {
            throw new IllegalArgumentException("window must be 1.." + MAX_WINDOW + " (QP0 send-queue default), got "
                    + window);
        }
        if (perDestination < 1 || perDestination > MAX_PER_DESTINATION) {
            throw new IllegalArgumentException("perDestination must be 1.." + MAX_PER_DESTINATION
                    + " (more than 2 in flight does not speed a switch up), got " + perDestination);
        }
        if (timeout == null || timeout.toMillis() < 1 || timeout.toMillis() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("timeout must be at least 1 ms, got " + timeout);
        }
        if (retries < 0 || retries > 10) {
            throw new IllegalArgumentException("retries must be 0..10, got " + retries);
        }
        if (madsPerSecond < 0) {
            throw new IllegalArgumentException("madsPerSecond must be >= 0 (0 = no cap), got " + madsPerSecond);
        }
    }

    public static EngineSettings of(SmpConfig smp) {
        return new EngineSettings(smp.window(), smp.perDestination(), smp.timeout(), smp.retries(), smp.madsPerSecond());
    }

    int timeoutMillis() {
        return (int) timeout.toMillis();
    }
}
