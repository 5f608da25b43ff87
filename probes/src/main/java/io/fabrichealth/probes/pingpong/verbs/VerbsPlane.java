package io.fabrichealth.probes.pingpong.verbs;

import io.fabrichealth.config.Transport;
import io.fabrichealth.jni.NativeFamily;
import io.fabrichealth.jni.Verbs;
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
 * request size; memory is registered once or on every iteration ({@link Terms#reregister()}).
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
