package io.fabrichealth.jni.verbs;

import io.fabrichealth.jni.Verbs;
import java.net.Inet4Address;
import java.util.concurrent.atomic.AtomicLong;

/** An rdma_cm listener (RDMA_PS_TCP) bound to one address; each {@link #accept} yields a connection. */
public final class VerbsListener implements AutoCloseable {
    private final AtomicLong handle;

    private VerbsListener(long handle) {
        this.handle = new AtomicLong(handle);
    }

    /** Binds {@code address}:{@code port} (0: the kernel picks, see {@link #port()}) and listens. */
    public static VerbsListener listen(Inet4Address address, int port) {
        Verbs.ensureAvailability();
        long rc = VerbsConnection.listen0(VerbsConnection.ipv4(address), port);
        return new VerbsListener(VerbsConnection.check(rc, "rdma_bind_addr/rdma_listen(" + address.getHostAddress()
                + ":" + port + ")", rc == -19 || rc == -99 ? "no RDMA device has this address: rdma link add rxe0 "
                + "type rxe netdev <dev> (Soft-RoCE), or check ibv_devinfo" : null));
    }

    private long handle() {
        long h = handle.get();
        if (h == 0) {
            throw new IllegalStateException("VerbsListener is closed");
        }
        return h;
    }

    public int port() {
        return VerbsConnection.port0(handle());
    }

    /** Waits up to {@code timeoutMillis} for a connection request and accepts it with {@code depth} work requests. */
    public VerbsConnection accept(int timeoutMillis, int depth) {
        return new VerbsConnection(VerbsConnection.check(VerbsConnection.accept0(handle(), timeoutMillis, depth),
                "rdma_accept", null));
    }

    @Override
    public void close() {
        long h = handle.getAndSet(0);
        if (h != 0) {
            VerbsConnection.close0(h);
        }
    }
}
