package io.fabrichealth.jni.fabric;

/** fi_fabric: the root every other object hangs from. */
public final class FabricInstance extends NativeHandle {
    public FabricInstance(FabricInfo info) {
        super(Fid.check(open0(info.handle()), "fi_fabric(" + info.provider() + ")"), null);
    }

    /**
     * fi_trywait on one CQ: true when it is safe to sleep on the CQ's wait fd, false when
     * completions are already pending (-FI_EAGAIN) and the caller should read the CQ first.
     */
    public boolean trywait(CompletionQueue cq) {
        int rc = trywait0(handle(), cq.handle());
        if (rc == Status.FI_EAGAIN) {
            return false;
        }
        Fid.check(rc, "fi_trywait");
        return true;
    }

    @Override
    int release(long handle) {
        return Fid.close0(handle);
    }

    @Override
    String closeCall() {
        return "fi_close(fabric)";
    }

    private static native long open0(long info);

    private static native int trywait0(long fabric, long cq);
}
