package io.fabrichealth.jni.fabric;

import io.fabrichealth.jni.Fabric;
import io.fabrichealth.jni.NativeException;
import java.nio.ByteBuffer;

/** Natives shared by every fid-based handle, and the status checks all wrappers use. */
final class Fid {
    private Fid() {
    }

    /*
     * No static initializer loads the family here: JNI_OnLoad's FindClass initializes these
     * classes while Fabric itself is still initializing. Entry points call this instead.
     */
    static void ensureLoaded() {
        Fabric.ensureAvailability();
    }

    /** A negative status becomes NativeException naming the call; otherwise the value comes back. */
    static long check(long rc, String call) {
        if (rc < 0) {
            throw new NativeException((int) rc, call);
        }
        return rc;
    }

    static int check(int rc, String call) {
        if (rc < 0) {
            throw new NativeException(rc, call);
        }
        return rc;
    }

    static long address(ByteBuffer buffer) {
        ensureLoaded();
        if (!buffer.isDirect()) {
            throw new IllegalArgumentException("libfabric needs a direct ByteBuffer (ByteBuffer.allocateDirect), "
                    + "not a heap buffer: the provider reads and writes its memory while Java runs");
        }
        return address0(buffer);
    }

    static byte[] name(long fid, String call) {
        int[] status = new int[1];
        byte[] name = getname0(fid, status);
        check(status[0], call);
        return name;
    }

    static native int close0(long fid);

    static native long handles0();

    private static native long address0(ByteBuffer buffer);

    static native String environment0();

    private static native byte[] getname0(long fid, int[] status);
}
