package io.fabrichealth.jni.fabric;

import java.nio.ByteBuffer;

/**
 * Slots of struct fi_context2 that operations are posted with: a provider in FI_CONTEXT mode owns
 * the slot until the completion, and the completion's op_context maps back to the slot index.
 */
public final class OpContexts {
    private static final int SLOT_SIZE = 64;
    private final ByteBuffer slots;
    private final long base;
    private final int count;

    public OpContexts(int count) {
        this.count = count;
        this.slots = ByteBuffer.allocateDirect(count * SLOT_SIZE);
        this.base = Fid.address(slots);
    }

    /** The context pointer of slot {@code i}. */
    public long context(int i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException("context slot " + i + " of " + count);
        }
        return base + (long) i * SLOT_SIZE;
    }

    /** The slot a completion's op_context names, or -1 when it is not one of these. */
    public int indexOf(long context) {
        long delta = context - base;
        if (delta < 0 || delta % SLOT_SIZE != 0 || delta / SLOT_SIZE >= count) {
            return -1;
        }
        return (int) (delta / SLOT_SIZE);
    }

    public int count() {
        return count;
    }
}
