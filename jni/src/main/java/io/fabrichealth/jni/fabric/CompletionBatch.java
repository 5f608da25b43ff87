package io.fabrichealth.jni.fabric;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** A reusable array of fi_cq_msg_entry (op_context, flags, len) in a direct buffer. */
public final class CompletionBatch {
    /** sizeof(struct fi_cq_msg_entry), checked when the family loads. */
    static final int ENTRY_SIZE = 24;

    private final ByteBuffer entries;
    private final long address;
    private final int capacity;

    public CompletionBatch(int capacity) {
        this.capacity = capacity;
        this.entries = ByteBuffer.allocateDirect(capacity * ENTRY_SIZE).order(ByteOrder.nativeOrder());
        this.address = Fid.address(entries);
    }

    long address() {
        return address;
    }

    public int capacity() {
        return capacity;
    }

    /** The op_context of entry {@code i}: what the operation was posted with. */
    public long context(int i) {
        return entries.getLong(i * ENTRY_SIZE);
    }

    /** FI_SEND | FI_RECV | FI_RMA | FI_WRITE | FI_READ ... of entry {@code i}. */
    public long flags(int i) {
        return entries.getLong(i * ENTRY_SIZE + 8);
    }

    /** Bytes received, for a receive. */
    public long length(int i) {
        return entries.getLong(i * ENTRY_SIZE + 16);
    }
}
