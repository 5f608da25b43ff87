package io.fabrichealth.jni.fabric;

import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.NativeHandle;

/** fi_passive_ep: a MSG listener; connection requests arrive on its event queue. */
public final class PassiveEndpoint extends NativeHandle {
    public PassiveEndpoint(FabricInstance fabric, FabricInfo info) {
        super(NativeException.check(open0(fabric.handle(), info.handle()), "fi_passive_ep"), fabric);
    }

    public void bind(EventQueue eq) {
        NativeException.check(bind0(handle(), eq.handle()), "fi_pep_bind");
    }

    public void listen() {
        NativeException.check(listen0(handle()), "fi_listen");
    }

    /** Refuses a connection request (the initiator sees ECONNREFUSED). */
    public void reject(FabricInfo request) {
        NativeException.check(reject0(handle(), request.handle()), "fi_reject");
    }

    /** The bound address (fi_getname), e.g. to learn the port picked for port 0. */
    public byte[] name() {
        return Fid.name(handle(), "fi_getname(pep)");
    }

    @Override
    protected int release(long handle) {
        return Fid.close0(handle);
    }

    @Override
    protected String closeCall() {
        return "fi_close(pep)";
    }

    private static native long open0(long fabric, long info);

    private static native int bind0(long pep, long eq);

    private static native int listen0(long pep);

    private static native int reject0(long pep, long info);
}
