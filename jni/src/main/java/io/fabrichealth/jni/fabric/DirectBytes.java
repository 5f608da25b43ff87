package io.fabrichealth.jni.fabric;

import io.fabrichealth.jni.NativeException;
import java.nio.ByteBuffer;

/**
 * Compares ranges of direct buffers with memcmp. On JDK 17, {@code ByteBuffer.mismatch} between direct
 * buffers misses the JIT's vectorized intrinsic (it takes heap arrays only) and compares 8 bytes at a
 * time, about three times the cost of the C compare; verifying every payload byte makes that count.
 */
public final class DirectBytes {
    private DirectBytes() {
    }

    /** Whether {@code a[aAt, aAt+length)} and {@code b[bAt, bAt+length)} hold the same bytes. */
    public static boolean same(ByteBuffer a, int aAt, ByteBuffer b, int bAt, int length) {
        check(a, aAt, length, "first");
        check(b, bAt, length, "second");
        Fid.ensureLoaded();
        return NativeException.check(same0(a, aAt, b, bAt, length), "memcmp") == 1;
    }

    private static void check(ByteBuffer buffer, int at, int length, String which) {
        if (!buffer.isDirect()) {
            throw new IllegalArgumentException("DirectBytes.same needs direct ByteBuffers (ByteBuffer.allocateDirect); "
                    + "the " + which + " is a heap buffer");
        }
        if (at < 0 || length < 0 || (long) at + length > buffer.capacity()) {
            throw new IndexOutOfBoundsException("range [" + at + ", +" + length + ") is outside the " + which
                    + " buffer's " + buffer.capacity() + " bytes");
        }
    }

    private static native int same0(ByteBuffer a, int aAt, ByteBuffer b, int bAt, int length);
}
