package io.fabrichealth.jni.fabric;

import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.NativeHandle;

/** fi_av: where RDM endpoints turn a peer's raw address into an fi_addr_t. */
public final class AddressVector extends NativeHandle {
    public AddressVector(FabricDomain domain, int count) {
        super(NativeException.check(open0(domain.handle(), count), "fi_av_open"), domain);
    }

    /** The fi_addr_t to send to and RMA at {@code address} (as fi_getname returned it). */
    public long insert(byte[] address) {
        return NativeException.check(insert0(handle(), address), "fi_av_insert");
    }

    @Override
    protected int release(long handle) {
        return Fid.close0(handle);
    }

    @Override
    protected String closeCall() {
        return "fi_close(av)";
    }

    private static native long open0(long domain, int count);

    private static native long insert0(long av, byte[] address);
}
