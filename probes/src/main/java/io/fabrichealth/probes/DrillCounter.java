package io.fabrichealth.probes;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How a fire drill is armed: an operator sets how many of the next events to spoil (replacing what was
 * armed), the probe takes one per event until none is left, and the drill counts what it spoiled.
 * Thread-safe: the MBean arms it while probe threads take from it.
 */
public final class DrillCounter {
    private final String operation;
    private final AtomicInteger pending = new AtomicInteger();
    private final AtomicLong fired = new AtomicLong();

    /**
     * The payload byte every fire drill spoils: the middle of the payload, 13 bytes on so that it is off any
     * segment boundary and off the first cache line, where an alarm's offset is easy to tell from a real one.
     */
    public static int payloadOffset(int payloadBytes) {
        return Math.min(payloadBytes - 1, payloadBytes / 2 + 13);
    }

    /** @param operation the MBean operation that arms it, for the error message */
    public DrillCounter(String operation) {
        this.operation = operation;
    }

    /** Arms the next {@code n} events (replacing what was armed); returns n. */
    public int arm(int n) {
        if (n < 0) {
            throw new IllegalArgumentException(operation + " takes a count >= 0, not " + n);
        }
        pending.set(n);
        return n;
    }

    /** Events still armed. */
    public int pending() {
        return pending.get();
    }

    /** Events the drill has fired on so far. */
    public long fired() {
        return fired.get();
    }

    /** Whether this event is to be spoiled (consumes one armed event and counts it). */
    public boolean take() {
        if (pending.getAndUpdate(n -> n > 0 ? n - 1 : 0) <= 0) {
            return false;
        }
        fired.incrementAndGet();
        return true;
    }
}
