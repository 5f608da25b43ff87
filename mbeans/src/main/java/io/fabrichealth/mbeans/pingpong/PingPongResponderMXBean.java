package io.fabrichealth.mbeans.pingpong;

/** This agent's ping-pong responder, {@code fabric.health:type=PingPongResponder}, with its fire drill. */
public interface PingPongResponderMXBean {
    String OBJECT_NAME = "fabric.health:type=PingPongResponder";

    /** pingpong.listen, host:port. */
    String getListen();

    /** Whether the responder is listening. */
    boolean isRunning();

    long getSessions();

    long getRefusedSessions();

    /** Requests with a sound header, over all sessions. */
    long getRequests();

    /** Messages dropped for a broken header (bad magic, impossible size, truncated, bad CRC, stranger). */
    long getMalformed();

    /** Corrupted request payloads this responder found. */
    long getCorruptRequests();

    /** Acks still to be corrupted by an armed drill. */
    int getPendingCorruptions();

    /** Acks the drill has corrupted since start. */
    long getCorruptedPayloads();

    /**
     * Fire drill: flips one payload byte (at payloadBytes/2 + 13) of each of the next {@code n} acks after their
     * pattern is written and before they are sent, so the initiators' Corruption alarms can be proven end to end.
     */
    String corruptNextPayloads(int n);
}
