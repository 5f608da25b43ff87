package io.fabrichealth.probes.pingpong;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The responder's fire drill: flips one payload byte, at {@link #offset(int)}, of each of the next N acks after
 * their pattern is written and before they are sent, so the initiator's validation must raise Corruption
 * naming exactly that offset. Operators arm it through the PingPongResponder MBean.
 */
public final class PingPongDrill {
    private final AtomicInteger pending = new AtomicInteger();
    private final AtomicLong corrupted = new AtomicLong();

    /** Arms the drill for the next {@code n} acks that carry a payload (replacing what was armed); returns n. */
    public int corruptNextPayloads(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("corruptNextPayloads takes a count >= 0, not " + n);
        }
        pending.set(n);
        return n;
    }

    public int pending() {
        return pending.get();
    }

    public long corrupted() {
        return corrupted.get();
    }

    /** The payload offset the drill flips: the middle of the payload, off the first cache line. */
    public static int offset(int payloadBytes) {
        return Math.min(payloadBytes - 1, payloadBytes / 2 + 13);
    }

    /** Flips payload byte {@link #offset} of the payload at {@code b[at]} when armed; whether it did. */
    public boolean apply(ByteBuffer b, int at, int payloadBytes) {
        if (payloadBytes <= 0 || pending.getAndUpdate(n -> n > 0 ? n - 1 : 0) <= 0) {
            return false;
        }
        int i = at + offset(payloadBytes);
        b.put(i, (byte) ~b.get(i));
        corrupted.incrementAndGet();
        return true;
    }
}
