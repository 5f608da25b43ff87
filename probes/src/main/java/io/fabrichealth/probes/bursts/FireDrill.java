package io.fabrichealth.probes.bursts;

import io.fabrichealth.probes.DrillCounter;
import java.nio.ByteBuffer;

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

    private final DrillCounter corruptions = new DrillCounter("corruptNextPayloads");
    private final DrillCounter aborts = new DrillCounter("abortNextBursts");

    /** Arms the drill for the next {@code n} payloads (replacing what was armed); returns n. */
    public int corruptNextPayloads(int n) {
        return corruptions.arm(n);
    }

    /** Payloads still to corrupt. */
    public int pending() {
        return corruptions.pending();
    }

    /** Payloads corrupted so far. */
    public long corrupted() {
        return corruptions.fired();
    }

    /** The payload offset the drill spoils: {@link DrillCounter#payloadOffset}. */
    public static int offset(int payloadBytes) {
        return DrillCounter.payloadOffset(payloadBytes);
    }

    /** Arms the drill to abort the next {@code n} bursts this target serves (replacing what was armed); returns n. */
    public int abortNextBursts(int n) {
        return aborts.arm(n);
    }

    /** Bursts still to abort. */
    public int pendingAborts() {
        return aborts.pending();
    }

    /** Bursts aborted so far. */
    public long aborted() {
        return aborts.fired();
    }

    /** Whether the burst starting now is to be aborted (consumes one armed abort). */
    boolean takeAbort() {
        return aborts.take();
    }

    /** Flips the byte at {@code bufferOffset} when armed; whether it did. */
    boolean apply(ByteBuffer buffer, int bufferOffset) {
        if (!corruptions.take()) {
            return false;
        }
        buffer.put(bufferOffset, (byte) ~buffer.get(bufferOffset));
        return true;
    }
}
