package io.fabrichealth.jni.rds;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * One row of RDS_INFO_CONNECTIONS (struct rds_info_connection): what rds-info -n prints.
 *
 * @param transport "tcp", "infiniband" or "loop", as the kernel names it
 * @param flags     RDS_INFO_CONNECTION_FLAG_SENDING 0x1, CONNECTING 0x2, CONNECTED 0x4
 */
public record RdsConnection(Inet4Address local, Inet4Address remote, String transport, int flags, long nextTxSeq,
        long nextRxSeq) {
    public static final int FLAG_CONNECTED = 0x4;

    public boolean connected() {
        return (flags & FLAG_CONNECTED) != 0;
    }

    /** Packed layout: u64 next_tx_seq, u64 next_rx_seq, be32 laddr, be32 faddr, u8 transport[16], u8 flags. */
    static RdsConnection decode(ByteBuffer b, int at) {
        ByteBuffer le = b.duplicate().order(ByteOrder.nativeOrder());
        ByteBuffer be = b.duplicate().order(ByteOrder.BIG_ENDIAN);
        byte[] name = new byte[16];
        b.get(at + 24, name);
        int n = 0;
        while (n < name.length && name[n] != 0) {
            n++;
        }
        return new RdsConnection(address(be.getInt(at + 16)), address(be.getInt(at + 20)),
                new String(name, 0, n, StandardCharsets.US_ASCII), b.get(at + 40) & 0xff, le.getLong(at),
                le.getLong(at + 8));
    }

    /** The address of a host-order int, as the natives and the kernel's tables give it. */
    static Inet4Address address(int ipv4) {
        try {
            return (Inet4Address) InetAddress.getByAddress(new byte[] {(byte) (ipv4 >>> 24), (byte) (ipv4 >>> 16),
                (byte) (ipv4 >>> 8), (byte) ipv4});
        } catch (UnknownHostException e) {
            throw new AssertionError("four bytes are always an address", e);
        }
    }
}
