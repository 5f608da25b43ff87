package io.fabrichealth.probes.pingpong.guest;

import io.fabrichealth.jni.rds.RdsSocket;
import io.fabrichealth.probes.pingpong.Header;
import io.fabrichealth.probes.pingpong.PayloadPattern;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Runs in the guest: the rds-stress -D path of the binding over rds_rdma. Once a first message has brought the
 * connection up, socket A registers a buffer (RDS_GET_MR) and sends the cookie to B; B answers with a message carrying RDS_CMSG_RDMA_ARGS that WRITEs its
 * pattern into A's buffer; when A receives the answer, its buffer must hold the pattern byte for byte.
 */
public final class GuestRdsRdmaMain {
    static final int SIZE = 64 << 10;

    private GuestRdsRdmaMain() {
    }

    /** "cookie 0x..." (registered and freed again) or the errno name RDS_GET_MR answered. */
    private static String getMr(RdsSocket s, ByteBuffer memory) {
        try {
            long cookie = s.getMr(memory, 0, SIZE);
            s.freeMr(cookie);
            return "cookie 0x" + Long.toHexString(cookie);
        } catch (io.fabrichealth.jni.NativeException e) {
            return e.errnoName();
        }
    }

    public static void main(String[] args) throws Exception {
        Inet4Address a = (Inet4Address) InetAddress.getByName(args[0]);
        Inet4Address b = (Inet4Address) InetAddress.getByName(args[1]);
        ByteBuffer memory = ByteBuffer.allocateDirect(SIZE);
        ByteBuffer pattern = ByteBuffer.allocateDirect(SIZE);
        ByteBuffer message = ByteBuffer.allocateDirect(64).order(ByteOrder.LITTLE_ENDIAN);
        PayloadPattern p = new PayloadPattern(SIZE);
        int rot = PayloadPattern.rotation(7, 0, 1, Header.ACK);
        p.fill(rot, pattern, 0, SIZE);
        try (RdsSocket sa = RdsSocket.open(); RdsSocket sb = RdsSocket.open()) {
            sa.bind(a, 0);
            sb.bind(b, 0);
            System.out.println("GET_MR before a connection: " + getMr(sa, memory));
            // rds_rdma learns which device serves an address when a connection comes up: GET_MR answers ENODEV
            // until then, so a first message brings the connection up.
            for (int attempt = 0; ; attempt++) {
                sa.send(message, 0, 8, RdsSocket.ipv4(b), sb.localPort());
                if (sb.poll(RdsSocket.POLLIN, 1_000) != 0 || attempt == 20) {
                    break;
                }
            }
            sb.receive(message, 0, 64);
            String after = getMr(sa, memory);
            System.out.println("GET_MR after a connection: " + after);
            if (!after.startsWith("cookie")) {
                System.exit(0); // reported; the test decides what this kernel and device may answer
            }
            long cookie = sa.getMr(memory, 0, SIZE);
            System.out.println("RDS_GET_MR cookie 0x" + Long.toHexString(cookie) + " transport "
                    + RdsSocket.transportName(sa.transport()));
            message.putLong(0, cookie);
            sa.send(message, 0, 8, RdsSocket.ipv4(b), sb.localPort());
            if (sb.poll(RdsSocket.POLLIN, 10_000) == 0) {
                System.out.println("RDMA no cookie within 10 s");
                System.exit(3);
            }
            int n = sb.receive(message, 0, 64);
            long quoted = message.getLong(0);
            int sent = sb.sendRdma(message, 0, n, RdsSocket.ipv4(a), sa.localPort(), quoted, 0, pattern, 0, SIZE,
                    true);
            System.out.println("B answered with an RDMA WRITE of " + SIZE + " bytes (message " + sent + " bytes)");
            if (sa.poll(RdsSocket.POLLIN, 10_000) == 0) {
                System.out.println("RDMA no answer within 10 s");
                System.exit(3);
            }
            sa.receive(message, 0, 64);
            int bad = p.firstMismatch(rot, memory, 0, SIZE);
            System.out.println(bad < 0 ? "RDMA write verified " + SIZE + " bytes" : "RDMA write differs at offset "
                    + bad);
            sa.freeMr(cookie);
            System.exit(bad < 0 ? 0 : 4);
        }
    }
}
