package io.fabrichealth.probes.mad;

import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Big-endian writes into one 256-byte MAD slot of a caller's buffer. Static and byte by byte (the slot is zeroed
 * in one bulk copy), so encoding allocates nothing and ignores the buffer's byte order, position and
 * limit-relative state.
 */
final class MadWriter {

    private MadWriter() {
    }

    private static final byte[] ZEROS = new byte[Mad.SIZE];

    /** Checks the slot and zeroes it: reserved fields must be zero and the slot may hold an older MAD. */
    static void open(ByteBuffer buf, int offset) {
        Objects.requireNonNull(buf, "dst");
        if (buf.isReadOnly()) {
            throw new IllegalArgumentException("the MAD buffer is read-only; pass a writable (direct) ByteBuffer");
        }
        if (offset < 0 || offset > buf.limit() || buf.limit() - offset < Mad.SIZE) {
            throw new IllegalArgumentException(String.format(
                    "a MAD needs %d bytes at offset %d but the buffer ends at %d; give it a %d-byte slot",
                    Mad.SIZE, offset, buf.limit(), Mad.SIZE));
        }
        // One bulk copy, not 256 bounds-checked stores: every MAD sent starts here.
        buf.put(offset, ZEROS);
    }

    static void u8(ByteBuffer buf, int at, int value) {
        buf.put(at, (byte) value);
    }

    static void u16(ByteBuffer buf, int at, int value) {
        u8(buf, at, value >>> 8);
        u8(buf, at + 1, value);
    }

    static void u32(ByteBuffer buf, int at, long value) {
        u16(buf, at, (int) (value >>> 16));
        u16(buf, at + 2, (int) value);
    }

    static void u64(ByteBuffer buf, int at, long value) {
        u32(buf, at, value >>> 32);
        u32(buf, at + 4, value);
    }
}
