package io.fabrichealth.probes.pingpong;

/** Where a task reports a payload that failed validation; called on the task's thread. */
public interface CorruptionSink {
    /**
     * @param direction what carried the payload: "request to responder task R" (checked by the responder),
     *                  "ack from responder task R" (checked by the initiator), or the loop's own words
     * @param task      the initiator's task the payload belongs to
     */
    void corrupted(String direction, int task, long seq, Mismatch mismatch);
}
