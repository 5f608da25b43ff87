package io.fabrichealth.probes.bursts;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The target's fire-drill hooks, armed through the BurstTarget MBean. One corrupts the next N payloads
 * before they are verified (put) or read (get), by flipping one byte at {@link #offset(int)}, to prove
 * that corruption reaches operators as an alarm. The other aborts the next N bursts mid-way, with the
 * initiator's operations still in flight, to prove that a target dying mid-burst fails the set with a
 * reason on the initiator and takes nothing else down.
 */
public final class FireDrill {
    /** Payloads an aborted burst moves first, so the initiator has a window of operations in flight. */
    public static final int ABORT_AFTER_PAYLOADS = 2;

    private final AtomicInteger pending = new AtomicInteger();
    private final AtomicLong corrupted = new AtomicLong();
    private final AtomicInteger pendingAborts = new AtomicInteger();
    private final AtomicLong aborted = new AtomicLong();

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

    /** Arms the drill to abort the next {@code n} bursts this target serves (replacing what was armed); returns n. */
    public int abortNextBursts(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("abortNextBursts takes a count >= 0, not " + n);
        }
        pendingAborts.set(n);
        return n;
    }

    /** Bursts still to abort. */
    public int pendingAborts() {
        return pendingAborts.get();
    }

    /** Bursts aborted so far. */
    public long aborted() {
        return aborted.get();
    }

    /** Whether the burst starting now is to be aborted (consumes one armed abort). */
    boolean takeAbort() {
        if (pendingAborts.getAndUpdate(n -> n > 0 ? n - 1 : 0) <= 0) {
            return false;
        }
        aborted.incrementAndGet();
        return true;
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
