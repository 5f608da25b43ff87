package io.fabrichealth.probes.bursts;

import io.fabrichealth.jni.fabric.DirectBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;

/**
 * The bytes of every burst payload, known to both sides without being sent: a 24-byte header (magic,
 * length, sequence number, pattern rotation, CRC32C of the header) followed by a random pattern read
 * from a rotation that changes with the sequence number. Position-dependent bytes catch swapped gather
 * segments, and the rotation catches a segment left stale from an earlier payload in the same slot.
 *
 * <p>Filling is a bulk copy and checking a memcmp between direct buffers (what a C peer does), so
 * validating every byte stays cheap next to the transfer.
 */
public final class PayloadPattern {
    static final int MAGIC = 0x46484231; // "FHB1"
    static final int HEADER = 24;
    private static final int SPAN = 4096;
    private static final long SEED = 0x6661627269634cL;

    /**
     * The random stream, shared by every instance: it depends on nothing but the seed, only absolute reads touch
     * it, and a longer one starts with the bytes of a shorter one. One copy per process instead of one per burst.
     */
    private static volatile ByteBuffer shared = ByteBuffer.allocateDirect(0);

    private final int length;
    private final ByteBuffer pattern;
    private final DirectBytes.Span patternSpan;
    private final ByteBuffer header = ByteBuffer.allocateDirect(HEADER).order(ByteOrder.LITTLE_ENDIAN);
    private final DirectBytes.Span headerSpan = DirectBytes.span(header);
    private final CRC32C crc = new CRC32C();

    /** @param length bytes per payload, at least the header */
    public PayloadPattern(int length) {
        if (length < HEADER) {
            throw new IllegalArgumentException("a payload needs at least " + HEADER + " bytes, not " + length);
        }
        this.length = length;
        this.pattern = stream(length + SPAN);
        this.patternSpan = DirectBytes.span(pattern);
    }

    private static ByteBuffer stream(int bytes) {
        ByteBuffer s = shared;
        if (s.capacity() >= bytes) {
            return s;
        }
        synchronized (PayloadPattern.class) {
            if (shared.capacity() < bytes) {
                // Whole longs only, so any two lengths (and two peers) agree on every byte they share.
                ByteBuffer b = ByteBuffer.allocateDirect((bytes + 7) & ~7);
                SplittableRandom random = new SplittableRandom(SEED);
                while (b.hasRemaining()) {
                    b.putLong(random.nextLong());
                }
                shared = b;
            }
            return shared;
        }
    }

    public int length() {
        return length;
    }

    /** Odd multiplier: successive uses of one slot (seq differing by less than SPAN) get other rotations. */
    static int rotation(long seq) {
        return (int) ((seq * 40503L) & (SPAN - 1));
    }

    /** The expected header of payload {@code seq} in {@link #header}. */
    private ByteBuffer header(long seq) {
        header.clear();
        header.putInt(MAGIC).putInt(length).putLong(seq).putInt(rotation(seq));
        crc.reset();
        header.flip();
        crc.update(header);
        header.limit(HEADER).putInt(20, (int) crc.getValue());
        header.position(0).limit(HEADER);
        return header;
    }

    /**
     * Writes bytes [logical, logical+count) of payload {@code seq} at {@code dst[at]}; a gather segment
     * is one such range. The pattern part is a memcpy ({@link DirectBytes#copy}).
     */
    public void fill(long seq, DirectBytes.Span dst, int at, int logical, int count) {
        int end = logical + count;
        if (logical < HEADER) {
            int n = Math.min(HEADER, end) - logical;
            dst.buffer().put(at, header(seq), logical, n);
            at += n;
            logical += n;
        }
        if (logical < end) {
            DirectBytes.copy(patternSpan, rotation(seq) + logical, dst, at, end - logical);
        }
    }

    /** The expected byte {@code logical} of payload {@code seq} (slow path: diagnostics only). */
    byte expected(long seq, int logical) {
        return logical < HEADER ? header(seq).get(logical) : pattern.get(rotation(seq) + logical);
    }

    /** Whether bytes [logical, logical+count) of payload {@code seq} sit unchanged at {@code src[at]}. */
    public boolean matches(long seq, DirectBytes.Span src, int at, int logical, int count) {
        int end = logical + count;
        if (logical < HEADER) {
            int n = Math.min(HEADER, end) - logical;
            header(seq);
            if (!DirectBytes.same(src, at, headerSpan, logical, n)) {
                return false;
            }
            at += n;
            logical += n;
        }
        return logical >= end || DirectBytes.same(src, at, patternSpan, rotation(seq) + logical, end - logical);
    }
}
