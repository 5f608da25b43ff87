package io.fabrichealth.probes.pingpong.verbs;

import io.fabrichealth.config.MemoryMode;
import io.fabrichealth.config.Transport;
import io.fabrichealth.jni.NativeFamily;
import io.fabrichealth.jni.Verbs;
import io.fabrichealth.jni.verbs.VerbsConnection;
import io.fabrichealth.jni.verbs.VerbsDevice;
import io.fabrichealth.probes.pingpong.CorruptionSink;
import io.fabrichealth.probes.pingpong.LoopPlane;
import io.fabrichealth.probes.pingpong.LoopReport;
import io.fabrichealth.probes.pingpong.PingPongDrill;
import io.fabrichealth.probes.pingpong.Terms;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.nio.ByteBuffer;

/**
 * The verbs ping-pong, krping's loop through librdmacm and libibverbs: the client announces its source buffer,
 * the server RDMA READs it and says go ahead, the client announces its sink buffer, the server RDMA WRITEs what it
 * read and says go ahead, and the client compares sink with source byte for byte. The buffer size is the
 * request size; memory is registered once, on every iteration, or exposed through a type-2 memory window bound
 * anew every iteration ({@link Terms#memory()}).
 */
public final class VerbsPlane implements LoopPlane {
    @Override
    public Transport transport() {
        return Transport.VERBS;
    }

    @Override
    public String unavailability() {
        if (!NativeFamily.VERBS.available()) {
            return "the verbs native family is not available: " + NativeFamily.VERBS.cause();
        }
        return Verbs.deviceNames().isEmpty() ? "no RDMA device (ibv_get_device_list is empty): load the HCA driver, "
                + "or for Soft-RoCE: modprobe rdma_rxe; rdma link add rxe0 type rxe netdev <dev>" : null;
    }

    /** The window memory mode needs memory windows on the client's device (and SEND_WITH_INV for server_inv). */
    @Override
    public String unavailability(boolean active, InetAddress local, Terms terms) {
        if (terms.memory() != MemoryMode.WINDOW) {
            return null;
        }
        VerbsDevice device;
        try {
            device = VerbsConnection.deviceAt(v4(local));
        } catch (RuntimeException e) {
            // No device to ask: the connection fails the same way and says so; only a known lack is unsupported.
            return null;
        }
        return MemoryWindows.unsupported(device, active, terms);
    }

    @Override
    public LoopServer listen(InetAddress local, Terms terms, PingPongDrill drill, CorruptionSink corruptions) {
        return KrpingServer.listen(v4(local), terms, drill, corruptions);
    }

    @Override
    public LoopReport run(InetAddress local, byte[] address, Terms terms, CorruptionSink corruptions) {
        ByteBuffer a = ByteBuffer.wrap(address);
        if (a.remaining() != 6) {
            throw new IllegalArgumentException("a krping server address is 6 bytes, not " + a.remaining());
        }
        byte[] ip = new byte[4];
        a.get(ip);
        int port = Short.toUnsignedInt(a.getShort());
        try {
            return new KrpingClient(terms, corruptions).run(v4(local), (Inet4Address) InetAddress.getByAddress(ip),
                    port);
        } catch (java.net.UnknownHostException e) {
            throw new AssertionError("four bytes are always an address", e);
        }
    }

    static Inet4Address v4(InetAddress a) {
        if (!(a instanceof Inet4Address)) {
            throw new IllegalArgumentException("verbs ping-pongs run over IPv4 (RoCE, IPoIB): " + a);
        }
        return (Inet4Address) a;
    }
}
