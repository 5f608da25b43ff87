package io.fabrichealth.jni.verbs;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** A reusable buffer of work completions (wr_id, status, opcode, byte_len) that {@link VerbsConnection#poll} fills. */
public final class Completions {
    /** ibv_wc_opcode values. */
    public static final int SEND = 0;
    public static final int RDMA_WRITE = 1;
    public static final int RDMA_READ = 2;
    public static final int RECV = 128;
    /** Bytes per entry: wr_id, status, opcode, byte_len, pad (the C side writes this layout). */
    static final int ENTRY_SIZE = 24;

    private final ByteBuffer entries;
    private final int capacity;

    public Completions(int capacity) {
        this.capacity = capacity;
        this.entries = ByteBuffer.allocateDirect(capacity * ENTRY_SIZE).order(ByteOrder.nativeOrder());
    }

    ByteBuffer buffer() {
        return entries;
    }

    public int capacity() {
        return capacity;
    }

    public long wrId(int i) {
        return entries.getLong(i * ENTRY_SIZE);
    }

    /** IBV_WC_SUCCESS is 0; anything else failed (e.g. 10 remote access error, 12 retry exceeded). */
    public int status(int i) {
        return entries.getInt(i * ENTRY_SIZE + 8);
    }

    public int opcode(int i) {
        return entries.getInt(i * ENTRY_SIZE + 12);
    }

    public int length(int i) {
        return entries.getInt(i * ENTRY_SIZE + 16);
    }
}
