package io.fabrichealth.jni.verbs;

import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.NativeFamily;
import io.fabrichealth.jni.NativeHandle;
import java.net.Inet4Address;

/** An rdma_cm listener (RDMA_PS_TCP) bound to one address; each {@link #accept} yields a connection. */
public final class VerbsListener extends NativeHandle {
    private VerbsListener(long handle) {
        super(handle, null);
    }

    /** Binds {@code address}:{@code port} (0: the kernel picks, see {@link #port()}) and listens. */
    public static VerbsListener listen(Inet4Address address, int port) {
        NativeFamily.VERBS.ensureAvailable();
        long rc = VerbsConnection.listen0(VerbsConnection.ipv4(address), port);
        return new VerbsListener(NativeException.check(rc, "rdma_bind_addr/rdma_listen(" + address.getHostAddress()
                + ":" + port + ")", status -> VerbsConnection.noDevice(status)
                        ? "no RDMA device has this address: " + VerbsConnection.RXE_ADVICE : null));
    }

    public int port() {
        return VerbsConnection.port0(handle());
    }

    /** Waits up to {@code timeoutMillis} for a connection request and accepts it with {@code depth} work requests. */
    public VerbsConnection accept(int timeoutMillis, int depth) {
        return new VerbsConnection(NativeException.check(VerbsConnection.accept0(handle(), timeoutMillis, depth),
                "rdma_accept"));
    }

    @Override
    protected int release(long handle) {
        return VerbsConnection.close0(handle);
    }

    @Override
    protected String closeCall() {
        return "rdma_destroy_id(listener)";
    }
}
