package io.fabrichealth.probes.pingpong;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;

/**
 * The payload after every header, known to both sides without being sent: a window into a fixed random block,
 * starting at a rotation derived from (session, task, sequence, type). The session stands for the peer (each
 * run of a peer gets its own), so a payload delivered to the wrong peer, task or sequence, or left stale in a
 * buffer, differs from what is expected at nearly every byte.
 *
 * <p>Filling and checking are bulk copies and vectorized compares between direct buffers, the memcpy and
 * memcmp a C peer does. One instance per task thread (it keeps views).
 */
public final class PayloadPattern {
    /** Distinct rotations: a stale payload passes only if its rotation collides, 1 in 65536. */
    static final int SPAN = 1 << 16;
    private static final long SEED = 0x66682d7070L;

    private final int maxPayload;
    private final ByteBuffer block;
    private final ByteBuffer source;
    private ByteBuffer viewOf;
    private ByteBuffer view;

    /** @param maxPayload the largest payload (message minus header) this side fills or checks */
    public PayloadPattern(int maxPayload) {
        if (maxPayload < 0) {
            throw new IllegalArgumentException("payload bytes must be >= 0, not " + maxPayload);
        }
        this.maxPayload = maxPayload;
        this.block = ByteBuffer.allocateDirect(maxPayload + SPAN);
        SplittableRandom random = new SplittableRandom(SEED);
        while (block.remaining() >= 8) {
            block.putLong(random.nextLong());
        }
        while (block.hasRemaining()) {
            block.put((byte) random.nextInt());
        }
        this.source = block.duplicate();
    }

    /** Where payload (session, task, seq, type) starts in the block: a 64-bit mix of all four (splitmix64). */
    public static int rotation(int session, int task, long seq, int type) {
        long z = seq * 0x9E3779B97F4A7C15L + ((long) session << 32 ^ (long) task << 8 ^ type);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return (int) ((z ^ (z >>> 31)) & (SPAN - 1));
    }

    /** Writes {@code count} payload bytes at {@code dst[at]}. */
    public void fill(int rotation, ByteBuffer dst, int at, int count) {
        check(count);
        dst.put(at, block, rotation, count);
    }

    /** Offset of the first payload byte that differs from the pattern, or -1 when all {@code count} match. */
    public int firstMismatch(int rotation, ByteBuffer src, int at, int count) {
        check(count);
        if (src != viewOf) {
            viewOf = src;
            view = src.duplicate();
        }
        source.limit(rotation + count).position(rotation);
        view.limit(at + count).position(at);
        int m = view.mismatch(source);
        view.clear();
        return m;
    }

    /** The expected payload byte at {@code offset} (diagnostics). */
    public byte expected(int rotation, int offset) {
        return block.get(rotation + offset);
    }

    private void check(int count) {
        if (count < 0 || count > maxPayload) {
            throw new IndexOutOfBoundsException("payload of " + count + " bytes; this pattern covers " + maxPayload);
        }
    }
}
