package io.fabrichealth.jni.verbs;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A reusable buffer of work completions (wr_id, status, opcode, byte_len, wc_flags, invalidated rkey) that
 * {@link VerbsConnection#poll} fills.
 */
public final class Completions {
    /** ibv_wc_opcode values. */
    public static final int SEND = 0;
    public static final int RDMA_WRITE = 1;
    public static final int RDMA_READ = 2;
    public static final int BIND_MW = 5;
    public static final int LOCAL_INV = 6;
    public static final int RECV = 128;
    /** ibv_wc_flags: the SEND that arrived invalidated {@link #invalidatedRkey}. */
    public static final int WITH_INV = 1 << 3;
    /**
     * The kernel's IB_WC_WITH_INVALIDATE, which user space calls IBV_WC_IP_CSUM_OK. Soft-RoCE (rxe) hands user
     * space the kernel's completion as it is, so on rxe (Linux 6.1, rdma-core 44, seen as wc_flags 0x5) a
     * SEND_WITH_INV arrives with this bit instead of {@link #WITH_INV}, with the rkey in its place.
     */
    public static final int KERNEL_WITH_INVALIDATE = 1 << 2;
    /** IBV_WC_REM_ACCESS_ERR: the peer refused an RDMA access (a bad rkey, address or length). */
    public static final int REMOTE_ACCESS_ERROR = 10;
    /** Bytes per entry: wr_id, status, opcode, byte_len, wc_flags, invalidated rkey, pad (the C side's layout). */
    static final int ENTRY_SIZE = 32;

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

    /** ibv_wc_flags, e.g. {@link #WITH_INV}. */
    public int flags(int i) {
        return entries.getInt(i * ENTRY_SIZE + 20);
    }

    /** The rkey a SEND_WITH_INV invalidated here (meaningful with {@link #WITH_INV}; else immediate data or 0). */
    public int invalidatedRkey(int i) {
        return entries.getInt(i * ENTRY_SIZE + 24);
    }
}
