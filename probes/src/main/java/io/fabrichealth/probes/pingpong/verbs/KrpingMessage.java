package io.fabrichealth.probes.pingpong.verbs;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * krping's control messages (struct krping_rdma_info plus a type and sequence), sent with verbs SEND in
 * {@value #SIZE}-byte slots, little endian, and their one decoder. They carry the buffer address and rkey the
 * other side's RDMA goes to, so each is checked before it is believed.
 *
 * <pre>
 *  0 magic "FHKM"   4 version   5 type   6 zero (2)   8 buffer address   16 rkey   20 size   24 sequence
 * 32 zero (4)   36 CRC32C of bytes 0..35
 * </pre>
 */
final class KrpingMessage {
    static final int SIZE = 40;
    /** "FHKM": wave 1's messages ("FHKR", no CRC, 5 bits away) are another protocol to this version. */
    static final int MAGIC = 0x4d4b4846;
    /** A magic this close to ours is ours, damaged; further away it is another protocol or version. */
    static final int MAX_FLIPPED_BITS = 2;
    static final int VERSION = 1;
    /** Client: RDMA READ my source buffer. */
    static final int SOURCE = 1;
    /** Client: RDMA WRITE into my sink buffer. */
    static final int SINK = 2;
    /** Server: the READ is done. */
    static final int GO_READ = 3;
    /** Server: the WRITE is done. */
    static final int GO_WRITE = 4;
    private static final String[] NAMES = {"?", "SOURCE", "SINK", "GO_READ", "GO_WRITE"};
    private static final int OFF_CRC = 36;

    private KrpingMessage() {
    }

    static void write(ByteBuffer b, int at, int type, long address, int rkey, int size, long seq) {
        b.putInt(at, MAGIC).put(at + 4, (byte) VERSION).put(at + 5, (byte) type).putShort(at + 6, (short) 0)
                .putLong(at + 8, address).putInt(at + 16, rkey).putInt(at + 20, size).putLong(at + 24, seq)
                .putInt(at + 32, 0);
        b.putInt(at + OFF_CRC, crcOf(b, at));
    }

    /** What {@link #check} returns for a message of another protocol or version: not ours, and not damaged. */
    static final int FOREIGN = -1;

    /**
     * The one decoder: the type of a sound message of {@code length} bytes, {@link #FOREIGN}, or {@link Damaged}
     * saying what is wrong.
     */
    static int check(ByteBuffer b, int at, int length, String from) {
        if (length < 4) {
            throw new Damaged(from, -1, "its completion reported " + length + " bytes, not " + SIZE, -1);
        }
        int magic = b.getInt(at);
        if (Integer.bitCount(magic ^ MAGIC) > MAX_FLIPPED_BITS) {
            return FOREIGN;
        }
        if (length != SIZE) {
            throw new Damaged(from, -1, "its completion reported " + length + " bytes, not " + SIZE, -1);
        }
        if (magic != MAGIC) {
            throw new Damaged(from, -1, "magic 0x" + Integer.toHexString(magic),
                    Integer.numberOfTrailingZeros(magic ^ MAGIC) / 8);
        }
        int type = b.get(at + 5);
        if (b.getInt(at + OFF_CRC) != crcOf(b, at)) {
            throw new Damaged(from, type, "CRC32C over bytes 0.." + (OFF_CRC - 1) + " does not match", -1);
        }
        if (b.get(at + 4) != VERSION) {
            return FOREIGN;
        }
        if (type < SOURCE || type > GO_WRITE || b.getShort(at + 6) != 0 || b.getInt(at + 32) != 0) {
            throw new Damaged(from, type, "type " + type + " or reserved bytes set", -1);
        }
        return type;
    }

    private static int crcOf(ByteBuffer b, int at) {
        CRC32C crc = new CRC32C();
        crc.update(b.duplicate().clear().position(at).limit(at + OFF_CRC));
        return (int) crc.getValue();
    }

    static String name(int type) {
        return type > 0 && type < NAMES.length ? NAMES[type] : "type " + type;
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

    /** A krping control message that failed {@link #check}: the typed decode error, and a Corruption. */
    static final class Damaged extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Damaged(String from, int type, String how, int offset) {
            super("verbs krping control message " + (type < 0 ? "of unknown type" : name(type) + " (type as received)")
                    + " from " + from + " is damaged: " + how + (offset < 0
                            ? "; the first bad byte cannot be known from a CRC" : "; first bad byte at message offset "
                                    + offset));
        }
    }
}
