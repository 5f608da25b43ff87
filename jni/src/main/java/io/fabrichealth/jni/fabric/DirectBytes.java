package io.fabrichealth.jni.fabric;

import java.lang.ref.Reference;
import java.nio.ByteBuffer;

/**
 * Compares ranges of direct buffers with memcmp, and copies them with memcpy. On JDK 17, {@code ByteBuffer.mismatch}
 * between direct buffers misses the JIT's vectorized intrinsic (it takes heap arrays only) and compares 8 bytes at
 * a time, about three times the cost of the C compare; verifying every payload byte makes that count.
 *
 * <p>A data path that compares on every payload holds its buffers as {@link Span}s: the address is read
 * once, bounds are checked in Java, and the native call takes numbers only. Reading the address and capacity
 * through JNI on every call cost about 50 of the 60 ns a 24-byte compare took.
 */
public final class DirectBytes {
    private DirectBytes() {
    }

    /** A direct buffer with its address, read once; the span keeps the buffer alive. */
    public static final class Span {
        private final ByteBuffer buffer;
        private final long address;
        private final int capacity;

        private Span(ByteBuffer buffer, String which) {
            if (!buffer.isDirect()) {
                throw new IllegalArgumentException("DirectBytes needs direct ByteBuffers (ByteBuffer.allocateDirect); "
                        + "the " + which + " is a heap buffer");
            }
            this.buffer = buffer;
            this.address = Fid.address(buffer);
            this.capacity = buffer.capacity();
        }

        public ByteBuffer buffer() {
            return buffer;
        }

        private long at(int offset, int length, String which) {
            if (offset < 0 || length < 0 || (long) offset + length > capacity) {
                throw new IndexOutOfBoundsException("range [" + offset + ", +" + length + ") is outside the " + which
                        + " buffer's " + capacity + " bytes");
            }
            return address + offset;
        }
    }

    /** {@code buffer} (direct) as a span. */
    public static Span span(ByteBuffer buffer) {
        return new Span(buffer, "buffer");
    }

    /** Whether {@code a[aAt, aAt+length)} and {@code b[bAt, bAt+length)} hold the same bytes. */
    public static boolean same(ByteBuffer a, int aAt, ByteBuffer b, int bAt, int length) {
        return same(new Span(a, "first"), aAt, new Span(b, "second"), bAt, length);
    }

    /** Whether {@code a[aAt, aAt+length)} and {@code b[bAt, bAt+length)} hold the same bytes. */
    public static boolean same(Span a, int aAt, Span b, int bAt, int length) {
        long pa = a.at(aAt, length, "first");
        long pb = b.at(bAt, length, "second");
        try {
            return same0(pa, pb, length) == 1;
        } finally {
            Reference.reachabilityFence(a);
            Reference.reachabilityFence(b);
        }
    }

    /**
     * Copies {@code from[fromAt, fromAt+length)} to {@code to[toAt, ...)}; the ranges must not overlap. For a payload
     * fill this is glibc's memcpy, which beat the JDK's copy stub by about 10% at 16 KiB segments.
     */
    public static void copy(Span from, int fromAt, Span to, int toAt, int length) {
        long pf = from.at(fromAt, length, "source");
        long pt = to.at(toAt, length, "destination");
        try {
            copy0(pf, pt, length);
        } finally {
            Reference.reachabilityFence(from);
            Reference.reachabilityFence(to);
        }
    }

    private static native void copy0(long from, long to, int length);

    /** 1 when the ranges hold the same bytes, else 0. */
    private static native int same0(long a, long b, int length);
}
