package io.fabrichealth.probes.pingpong;

import io.fabrichealth.probes.DrillCounter;
import java.nio.ByteBuffer;

/**
 * The responder's fire drill: flips one payload byte, at {@link #offset(int)}, of each of the next N acks after
 * their pattern is written and before they are sent, so the initiator's validation must raise Corruption
 * naming exactly that offset. Operators arm it through the PingPongResponder MBean.
 */
public final class PingPongDrill {
    private final DrillCounter corruptions = new DrillCounter("corruptNextPayloads");

    /** Arms the drill for the next {@code n} acks that carry a payload (replacing what was armed); returns n. */
    public int corruptNextPayloads(int n) {
        return corruptions.arm(n);
    }

    public int pending() {
        return corruptions.pending();
    }

    public long corrupted() {
        return corruptions.fired();
    }

    /** The payload offset the drill spoils: {@link DrillCounter#payloadOffset}. */
    public static int offset(int payloadBytes) {
        return DrillCounter.payloadOffset(payloadBytes);
    }

    /** Flips payload byte {@link #offset} of the payload at {@code b[at]} when armed; whether it did. */
    public boolean apply(ByteBuffer b, int at, int payloadBytes) {
        if (payloadBytes <= 0 || !corruptions.take()) {
            return false;
        }
        int i = at + offset(payloadBytes);
        b.put(i, (byte) ~b.get(i));
        return true;
    }
}
