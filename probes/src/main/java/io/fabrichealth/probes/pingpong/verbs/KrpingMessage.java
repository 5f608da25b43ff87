package io.fabrichealth.probes.pingpong.verbs;

import java.nio.ByteBuffer;

/**
 * krping's control messages (struct krping_rdma_info plus a type and sequence), sent with verbs SEND in
 * {@value #SIZE}-byte slots, little endian: magic "FHKR", type, buffer address, rkey, size, sequence.
 */
final class KrpingMessage {
    static final int SIZE = 32;
    static final int MAGIC = 0x524b4846;
    /** Client: RDMA READ my source buffer. */
    static final int SOURCE = 1;
    /** Client: RDMA WRITE into my sink buffer. */
    static final int SINK = 2;
    /** Server: the READ is done. */
    static final int GO_READ = 3;
    /** Server: the WRITE is done. */
    static final int GO_WRITE = 4;

    private KrpingMessage() {
    }

    static void write(ByteBuffer b, int at, int type, long address, int rkey, int size, long seq) {
        b.putInt(at, MAGIC).putInt(at + 4, type).putLong(at + 8, address).putInt(at + 16, rkey)
                .putInt(at + 20, size).putLong(at + 24, seq);
    }

    /** The type, or -1 when the slot does not hold a message of ours. */
    static int type(ByteBuffer b, int at, int length) {
        return length == SIZE && b.getInt(at) == MAGIC ? b.getInt(at + 4) : -1;
    }

    static long address(ByteBuffer b, int at) {
        return b.getLong(at + 8);
    }

    static int rkey(ByteBuffer b, int at) {
        return b.getInt(at + 16);
    }

    static int size(ByteBuffer b, int at) {
        return b.getInt(at + 20);
    }

    static long seq(ByteBuffer b, int at) {
        return b.getLong(at + 24);
    }
}
