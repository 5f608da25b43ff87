package io.fabrichealth.jni.fabric;

import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.NativeFamily;
import java.nio.ByteBuffer;

/** Natives shared by every fid-based handle. */
final class Fid {
    private Fid() {
    }

    /*
     * No static initializer loads the family here: JNI_OnLoad's FindClass initializes these
     * classes while the family is still loading. Entry points call this instead.
     */
    static void ensureLoaded() {
        NativeFamily.FABRIC.ensureAvailable();
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
        NativeException.check(status[0], call);
        return name;
    }

    static native int close0(long fid);

    static native long handles0();

    private static native long address0(ByteBuffer buffer);

    static native String environment0();

    private static native byte[] getname0(long fid, int[] status);
}
