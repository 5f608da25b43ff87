package io.fabrichealth.config;

import io.fabrichealth.config.bind.NotBlank;
import io.fabrichealth.config.bind.Positive;
import io.fabrichealth.config.bind.Range;
import java.time.Duration;

/**
 * libfabric put/get bursts.
 *
 * @param listen this agent's burst target
 * @param provider libfabric provider name as fi_info prints it, e.g. {@code tcp}, {@code tcp;ofi_rxm}
 * @param segments iov entries per write; the provider's iov_limit (4 on tcp) is checked at run time
 * @param window writes in flight
 * @param suite the parameter sets per phase (default: fabtrun's 15 tests)
 * @param maxBytes every burst moves this many bytes, so durations compare as fabtrun's do ...
 * @param maxDuration ... unless it runs this long first (a safety bound; its row then says so)
 * @param maxConcurrent bursts running at once on this agent, as initiator or target
 * @param cancelDelay how long after its first operation a cancel set cancels every outstanding operation
 */
public record BurstsConfig(
        HostPort listen,
        @NotBlank String provider,
        EndpointType endpoint,
        BurstSuite suite,
        @Positive ByteSize segmentSize,
        @Range(min = 1, max = 64) int segments,
        @Range(min = 1, max = 1024) int window,
        @Positive ByteSize maxBytes,
        @Positive Duration maxDuration,
        @Range(min = 1, max = 64) int maxConcurrent,
        Duration cancelDelay) {

    public static final BurstsConfig DEFAULTS = new BurstsConfig(new HostPort("127.0.0.1", 7470), "tcp",
            EndpointType.MSG, BurstSuite.FABTRUN, ByteSize.ofKiB(64), 4, 8, ByteSize.ofMiB(64),
            Duration.ofSeconds(5), 1, Duration.ofMillis(2));
}
