package io.fabrichealth.jni.fabric;

import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.NativeHandle;

/** fi_fabric: the root every other object hangs from. */
public final class FabricInstance extends NativeHandle {
    public FabricInstance(FabricInfo info) {
        super(NativeException.check(open0(info.handle()), "fi_fabric(" + info.provider() + ")"), null);
    }

    /**
     * fi_trywait on one {@link CompletionQueue}: true when it is safe to sleep on the CQ's wait fd, false when
     * completions are already pending (-FI_EAGAIN) and the caller should read the CQ first. Typed as its
     * supertype so that the fabric, which every object hangs from, knows none of them (no import circle).
     */
    public boolean trywait(NativeHandle cq) {
        int rc = trywait0(handle(), cq.handle());
        if (rc == Status.FI_EAGAIN) {
            return false;
        }
        NativeException.check(rc, "fi_trywait");
        return true;
    }

    @Override
    protected int release(long handle) {
        return Fid.close0(handle);
    }

    @Override
    protected String closeCall() {
        return "fi_close(fabric)";
    }

    private static native long open0(long info);

    private static native int trywait0(long fabric, long cq);
}
