package io.fabrichealth.config;

import io.fabrichealth.config.bind.Positive;
import io.fabrichealth.config.bind.Range;
import java.time.Duration;
import java.util.List;

/**
 * Ping-pongs with byte validation.
 *
 * @param listen this agent's ping-pong target
 * @param requestSize bytes per request; every byte is checked on the far side
 * @param ackSize bytes per answer
 * @param depth requests in flight per task
 * @param tasks concurrent ping-pong loops per peer
 * @param duration how long one ping-pong run lasts at most
 * @param count requests per task in one run (rping's -C), 0 for as many as the duration allows; a bounded count
 *              keeps a scheduled probe light on the fabric and the host
 * @param memory verbs only: how the client's buffers are registered (krping's mem_mode)
 * @param serverInvalidate verbs with {@code memory: window} only: the server invalidates the window's rkey with
 *              its go-ahead (SEND_WITH_INV, krping's server_inv) instead of the client posting LOCAL_INV
 *
 * <p>Unanswered runs raise PeerUnreachable after {@code alarms.hysteresis.PeerUnreachable.raiseAfter} of them in a
 * row: the alarm model counts, once.
 */
public record PingPongConfig(
        HostPort listen,
        List<Transport> transports,
        @Positive ByteSize requestSize,
        @Positive ByteSize ackSize,
        @Range(min = 1, max = 1024) int depth,
        @Range(min = 1, max = 64) int tasks,
        @Positive Duration duration,
        @Range(min = 0, max = 100_000_000) int count,
        MemoryMode memory,
        boolean serverInvalidate) {

    public static final PingPongConfig DEFAULTS = new PingPongConfig(new HostPort("127.0.0.1", 7472),
            List.of(Transport.FABRIC), ByteSize.ofKiB(1), ByteSize.ofBytes(64), 1, 1, Duration.ofSeconds(5), 1000,
            MemoryMode.ONCE, false);

    /** The same settings on another listen address (a fleet member's own port), the memory mode included. */
    public PingPongConfig listening(HostPort address) {
        return new PingPongConfig(address, transports, requestSize, ackSize, depth, tasks, duration, count, memory,
                serverInvalidate);
    }

    /** Verbs memory registered once. */
    public PingPongConfig(HostPort listen, List<Transport> transports, ByteSize requestSize, ByteSize ackSize,
            int depth, int tasks, Duration duration, int count) {
        this(listen, transports, requestSize, ackSize, depth, tasks, duration, count, MemoryMode.ONCE, false);
    }

    /** Runs that last the whole duration, with no request count (rds-stress's -T). */
    public PingPongConfig(HostPort listen, List<Transport> transports, ByteSize requestSize, ByteSize ackSize,
            int depth, int tasks, Duration duration) {
        this(listen, transports, requestSize, ackSize, depth, tasks, duration, 0);
    }
}
