package io.fabrichealth.probes.mad;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * Big-endian reads from one 256-byte MAD inside a caller's buffer. The bounds are checked once, when
 * the reader is made; every later read stays inside those 256 bytes by construction. A wide field is one
 * absolute read (one bounds check, not one per byte: the receive path reads every answer), swapped when the
 * buffer's own order is little-endian (a JNI buffer often is), so that order cannot change the result. The
 * buffer's position and limit are never touched.
 */
final class MadReader {

    private final ByteBuffer buf;
    private final int base;
    private final boolean bigEndian;

    private MadReader(ByteBuffer buf, int base) {
        this.buf = buf;
        this.base = base;
        this.bigEndian = buf.order() == ByteOrder.BIG_ENDIAN;
    }

    static MadReader of(ByteBuffer buf, int offset) throws MadDecodeException {
        Objects.requireNonNull(buf, "buf");
        int limit = buf.limit();
        if (offset < 0 || offset > limit || limit - offset < Mad.SIZE) {
            throw new MadDecodeException(String.format(
                    "truncated MAD: need %d bytes at offset %d but the buffer ends at %d; pass the whole "
                            + "MAD as received, starting after the 64-byte ib_user_mad header",
                    Mad.SIZE, offset, limit));
        }
        return new MadReader(buf, offset);
    }

    static MadReader of(byte[] bytes, int offset) throws MadDecodeException {
        return of(ByteBuffer.wrap(Objects.requireNonNull(bytes, "bytes")), offset);
    }

    int u8(int off) {
        return buf.get(base + off) & 0xFF;
    }

    int u16(int off) {
        short v = buf.getShort(base + off);
        return (bigEndian ? v : Short.reverseBytes(v)) & 0xFFFF;
    }

    int u24(int off) {
        return u8(off) << 16 | u16(off + 1);
    }

    long u32(int off) {
        int v = buf.getInt(base + off);
        return (bigEndian ? v : Integer.reverseBytes(v)) & 0xFFFF_FFFFL;
    }

    long u64(int off) {
        long v = buf.getLong(base + off);
        return bigEndian ? v : Long.reverseBytes(v);
    }

    /**
     * A field of {@code width} bits (at most 24) that starts {@code firstBit} bits after the most
     * significant bit of byte {@code off}: the numbering of the IBA attribute tables.
     */
    int bits(int off, int firstBit, int width) {
        int endBit = firstBit + width;
        int bytes = (endBit + 7) / 8;
        int value = 0;
        for (int i = 0; i < bytes; i++) {
            value = value << 8 | u8(off + i);
        }
        return (value >>> (bytes * 8 - endBit)) & ((1 << width) - 1);
    }

    boolean bit(int off, int bit) {
        return bits(off, bit, 1) == 1;
    }
}
