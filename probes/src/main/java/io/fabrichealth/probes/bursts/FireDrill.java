package io.fabrichealth.probes.bursts;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The target's fire-drill hook: corrupts the next N payloads before they are verified (put) or read
 * (get), by flipping one byte at {@link #offset(int)}. Operators arm it through the BurstTarget MBean
 * to prove that corruption reaches them as an alarm.
 */
public final class FireDrill {
    private final AtomicInteger pending = new AtomicInteger();
    private final AtomicLong corrupted = new AtomicLong();

    /** Arms the drill for the next {@code n} payloads (replacing what was armed); returns n. */
    public int corruptNextPayloads(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("corruptNextPayloads takes a count >= 0, not " + n);
        }
        pending.set(n);
        return n;
    }

    /** Payloads still to corrupt. */
    public int pending() {
        return pending.get();
    }

    /** Payloads corrupted so far. */
    public long corrupted() {
        return corrupted.get();
    }

    /** The payload offset a drill corrupts: the middle of a payload, off any segment boundary. */
    public static int offset(int payloadBytes) {
        return Math.min(payloadBytes - 1, payloadBytes / 2 + 13);
    }

    /** Flips the byte at {@code bufferOffset} when armed; whether it did. */
    boolean apply(ByteBuffer buffer, int bufferOffset) {
        if (pending.getAndUpdate(n -> n > 0 ? n - 1 : 0) <= 0) {
            return false;
        }
        buffer.put(bufferOffset, (byte) ~buffer.get(bufferOffset));
        corrupted.incrementAndGet();
        return true;
    }
}
