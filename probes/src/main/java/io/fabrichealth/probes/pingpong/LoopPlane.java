package io.fabrichealth.probes.pingpong;

import java.net.InetAddress;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A transport whose ping-pong is a loop of its own rather than requests and acks: krping's over verbs. It is
 * negotiated over the same control connection (HELLO, WELCOME with the server's address, DONE, RESULT), and its
 * report maps onto the same statistics.
 */
public interface LoopPlane extends DataPlane {
    /** Passive: a server listening on {@code local} for this session's one connection. */
    LoopServer listen(InetAddress local, Terms terms, PingPongDrill drill, CorruptionSink corruptions);

    /** Active: connects from {@code local} to the server at {@code address} and loops for the terms' duration. */
    LoopReport run(InetAddress local, byte[] address, Terms terms, CorruptionSink corruptions);

    /**
     * Why this host cannot take the {@code active} (client) or passive (server) side of a loop with these terms
     * on the device behind {@code local} (a capability the terms need, such as memory windows), or null when it
     * can. Asked before the loop starts, so a missing capability is UNSUPPORTED or REFUSED, never a failed run.
     */
    default String unavailability(boolean active, InetAddress local, Terms terms) {
        return null;
    }

    @Override
    default SessionPlane open(boolean active, InetAddress local, Terms terms) {
        throw new UnsupportedOperationException(transport() + " runs its own loop, not request/ack channels");
    }

    /** The passive side of one session. */
    interface LoopServer extends AutoCloseable {
        /** Where the initiator connects, for WELCOME. */
        byte[] address();

        /** Accepts the connection and serves until {@code stop} or {@code deadlineNanos}; its counts. */
        ResponderCounts serve(AtomicBoolean stop, long deadlineNanos);

        @Override
        void close();
    }
}
