package io.fabrichealth.probes.mad;

import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Big-endian reads from one 256-byte MAD inside a caller's buffer. The bounds are checked once, when
 * the reader is made; every later read stays inside those 256 bytes by construction. Reads go byte by
 * byte so the buffer's own byte order (a JNI buffer is often little-endian) cannot change the result,
 * and the buffer's position and limit are never touched.
 */
final class MadReader {

    private final ByteBuffer buf;
    private final int base;

    private MadReader(ByteBuffer buf, int base) {
        this.buf = buf;
        this.base = base;
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
        return u8(off) << 8 | u8(off + 1);
    }

    int u24(int off) {
        return u8(off) << 16 | u16(off + 1);
    }

    long u32(int off) {
        return (long) u16(off) << 16 | u16(off + 2);
    }

    long u64(int off) {
        return u32(off) << 32 | u32(off + 4);
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
