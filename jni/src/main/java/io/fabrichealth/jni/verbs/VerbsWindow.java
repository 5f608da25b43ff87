package io.fabrichealth.jni.verbs;

import io.fabrichealth.jni.NativeHandle;

/**
 * A type-2 memory window (ibv_alloc_mw, IBV_MW_TYPE_2) on its connection's protection domain. It grants remote
 * access only while bound ({@link VerbsConnection#bind}), under the rkey of that bind; an invalidation (the
 * peer's SEND_WITH_INV or a LOCAL_INV) ends the grant, and the next bind hands out a new rkey. A child of its
 * connection, which deallocates it first when it closes.
 */
public final class VerbsWindow extends NativeHandle {
    VerbsWindow(NativeHandle connection, long mw) {
        super(mw, connection);
    }

    @Override
    protected int release(long mw) {
        return dealloc0(mw);
    }

    @Override
    protected String closeCall() {
        return "ibv_dealloc_mw";
    }

    private static native int dealloc0(long mw);
}
