package io.fabrichealth.config;

import java.util.Locale;

/**
 * fabtrun's two phases. fabtrun varies one program per phase and starts its counterpart with defaults: in
 * {@code get} the payload receiver (fabtget), in {@code put} the sender (fabtput). In the agent the initiator is
 * the side that varies, so in {@code get} it RMA-reads (pulls) payloads from the target and is their receiver,
 * and in {@code put} it RMA-writes them to the target and is their sender; the target always runs at defaults.
 */
public enum BurstPhase {
    /** The initiator reads payloads from the target (fi_readmsg) and verifies them. */
    GET,
    /** The initiator writes payloads into the target (fi_writemsg, or fi_write with contiguous); the target verifies them. */
    PUT;

    /** {@code get} or {@code put}, as the tables, ObjectNames and metrics write it. */
    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }
}
