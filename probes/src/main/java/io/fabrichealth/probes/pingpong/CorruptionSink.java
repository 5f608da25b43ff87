package io.fabrichealth.probes.pingpong;

/** Where a run reports what failed validation: payloads, and control messages; called on the finder's thread. */
public interface CorruptionSink {
    /**
     * @param direction what carried the payload: "request to responder task R" (checked by the responder),
     *                  "ack from responder task R" (checked by the initiator), or the loop's own words
     * @param task      the initiator's task the payload belongs to
     */
    void corrupted(String direction, int task, long seq, Mismatch mismatch);

    /** A control message that failed its check; {@code details} name the peer, protocol, type and offset. */
    void damaged(String details);
}
