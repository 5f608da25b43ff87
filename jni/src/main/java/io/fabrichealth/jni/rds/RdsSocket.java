package io.fabrichealth.jni.rds;

import io.fabrichealth.jni.Errno;
import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.NativeFamily;
import io.fabrichealth.jni.NativeHandle;
import java.net.Inet4Address;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * One non-blocking {@code socket(AF_RDS, SOCK_SEQPACKET)}: bind to an IPv4 address of an RDS-capable interface,
 * then send and receive whole messages to and from any RDS socket reachable through it. Data-path calls take
 * direct buffers and allocate nothing; a full send queue (ENOBUFS, RDS's credit flow control) and an empty
 * receive queue are return values, any other failure a {@link NativeException}. Closes once.
 */
public final class RdsSocket extends NativeHandle {
    /** SO_RDS_TRANSPORT values (linux/rds.h). */
    public static final int TRANSPORT_IB = 0;
    public static final int TRANSPORT_TCP = 2;
    /** No transport bound yet (the kernel's RDS_TRANS_NONE, ~0). */
    public static final int TRANSPORT_NONE = -1;
    /** poll(2) events. */
    public static final int POLLIN = 0x1;
    public static final int POLLOUT = 0x4;
    /** {@link #send} and {@link #receive}: the queue is full / empty. */
    public static final int WOULD_BLOCK = -1;

    private final ByteBuffer meta = ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder());
    /** Room for about 100 counters; mainline 6.1 with rds_tcp and rds_rdma reports about 80. */
    private static volatile int counterCapacity = 4096;

    private RdsSocket(long fd) {
        super(fd, null);
    }

    /** A new socket; throws with what to load when the kernel has no RDS. */
    public static RdsSocket open() {
        NativeFamily.RDS.ensureAvailable();
        return new RdsSocket(NativeException.check(open0(), "socket(AF_RDS, SOCK_SEQPACKET)",
                rc -> rc == -Errno.EAFNOSUPPORT
                        ? "the kernel has no RDS: modprobe rds rds_tcp (and rds_rdma for InfiniBand/RoCE)" : null));
    }

    private int fd() {
        return (int) handle();
    }

    /** Binds to {@code address}:{@code port}; port 0 lets the kernel pick (read it with {@link #localPort()}). */
    public void bind(Inet4Address address, int port) {
        NativeException.check(bind0(fd(), ipv4(address), port), "bind(AF_RDS, " + address.getHostAddress() + ":"
                + port + ")", rc -> rc == -Errno.EADDRNOTAVAIL
                        ? "no RDS transport serves this address: is it on an interface with rds_tcp or rds_rdma?"
                        : null);
    }

    public int localPort() {
        return NativeException.check(localPort0(fd()), "getsockname");
    }

    /**
     * SO_SNDBUF and SO_RCVBUF. RDS counts a receive buffer against its congestion map, so sizing both to exactly
     * the messages in flight (as rds-stress does) makes credit flow control visible as ENOBUFS.
     */
    public void buffers(int sendBytes, int receiveBytes) {
        NativeException.check(setBuffers0(fd(), sendBytes, receiveBytes), "setsockopt(SO_SNDBUF, SO_RCVBUF)");
    }

    /** The kernel's SO_SNDBUF (0) or SO_RCVBUF (1), which it doubles for bookkeeping. */
    public int buffer(boolean receive) {
        return NativeException.check(getBuffer0(fd(), receive ? 1 : 0),
                receive ? "getsockopt(SO_RCVBUF)" : "getsockopt(SO_SNDBUF)");
    }

    /** SO_RDS_TRANSPORT: {@link #TRANSPORT_TCP}, {@link #TRANSPORT_IB} or {@link #TRANSPORT_NONE} before binding. */
    public int transport() {
        return NativeException.check(transport0(fd()), "getsockopt(SO_RDS_TRANSPORT)");
    }

    /** Pins the transport before bind (rds-stress -T). */
    public void transport(int transport) {
        NativeException.check(setTransport0(fd(), transport), "setsockopt(SO_RDS_TRANSPORT)");
    }

    /** "tcp", "infiniband" or "none", as rds-info names them. */
    public static String transportName(int transport) {
        switch (transport) {
            case TRANSPORT_IB:
                return "infiniband";
            case TRANSPORT_TCP:
                return "tcp";
            case TRANSPORT_NONE:
                return "none";
            default:
                return "transport " + transport;
        }
    }

    /**
     * sendmsg of {@code buffer[offset, +length)} to {@code ipv4}:{@code port}. Returns the bytes sent, or
     * {@link #WOULD_BLOCK} when the send queue or the peer's receive credit is exhausted (ENOBUFS/EAGAIN).
     */
    public int send(ByteBuffer buffer, int offset, int length, int ipv4, int port) {
        int rc = sendTo0(fd(), buffer, offset, length, ipv4, port);
        if (rc == -Errno.ENOBUFS || rc == -Errno.EAGAIN) {
            return WOULD_BLOCK;
        }
        return NativeException.check(rc, "sendmsg(AF_RDS)");
    }

    /**
     * recvmsg of one message into {@code buffer[offset, +capacity)}: its length (larger than capacity when it
     * was truncated, see {@link #truncated()}), or {@link #WOULD_BLOCK} when none is waiting.
     */
    public int receive(ByteBuffer buffer, int offset, int capacity) {
        int rc = receive0(fd(), buffer, offset, capacity, meta);
        if (rc == -Errno.EAGAIN) {
            return WOULD_BLOCK;
        }
        return NativeException.check(rc, "recvmsg(AF_RDS)");
    }

    /** Source IPv4 address (host order int) of the last received message. */
    public int sourceAddress() {
        return meta.getInt(0);
    }

    public int sourcePort() {
        return meta.getInt(4);
    }

    /** Whether the last received message did not fit (MSG_TRUNC). */
    public boolean truncated() {
        return meta.getInt(8) != 0;
    }

    /** poll(2): the ready events among {@code events}, 0 when none within {@code timeoutMillis}. */
    public int poll(int events, int timeoutMillis) {
        return NativeException.check(poll0(fd(), events, timeoutMillis), "poll");
    }

    /** RDS_INFO_CONNECTIONS: the kernel's RDS connection table (all sockets, this network namespace). */
    public List<RdsConnection> connections() {
        int capacity = 64 * 1024;
        ByteBuffer out = ByteBuffer.allocateDirect(capacity).order(ByteOrder.nativeOrder());
        int rc = connections0(fd(), out, capacity, meta);
        if (rc == -Errno.ENOSPC) {
            throw new NativeException(rc, "getsockopt(RDS_INFO_CONNECTIONS)", "the table needs " + meta.getInt(4)
                    + " bytes, more than the " + capacity + " read here");
        }
        NativeException.check(rc, "getsockopt(RDS_INFO_CONNECTIONS)");
        int each = meta.getInt(0);
        List<RdsConnection> list = new ArrayList<>();
        for (int at = 0; each > 0 && at + each <= rc; at += each) {
            list.add(RdsConnection.decode(out, at));
        }
        return list;
    }

    /**
     * RDS_INFO_COUNTERS: every statistic the kernel reports (core RDS and each loaded transport's). Asks with room
     * for the last table's size, and again with what the kernel says it needs (ENOSPC) when a transport loaded
     * since; any socket will do, bound or not.
     */
    public RdsCounters counters() {
        for (int attempt = 0; attempt < 4; attempt++) {
            int capacity = counterCapacity;
            ByteBuffer out = ByteBuffer.allocateDirect(capacity).order(ByteOrder.nativeOrder());
            int rc = counters0(fd(), out, capacity, meta);
            if (rc == -Errno.ENOSPC) {
                int needed = meta.getInt(4);
                if (needed <= capacity || needed > 1 << 20) {
                    throw new NativeException(rc, "getsockopt(RDS_INFO_COUNTERS)", "the kernel asked for " + needed
                            + " bytes after " + capacity + " did not do: not a counter table this agent can read");
                }
                counterCapacity = needed;
                continue;
            }
            NativeException.check(rc, "getsockopt(RDS_INFO_COUNTERS)");
            return RdsCounters.decode(out, rc, meta.getInt(0));
        }
        throw new NativeException(-Errno.ENOSPC, "getsockopt(RDS_INFO_COUNTERS)",
                "the table kept growing over four reads (transports loading?); read again");
    }

    /**
     * RDS_GET_MR over {@code buffer[offset, +length)} (rds-stress -D): the cookie a peer quotes to RDMA into or out
     * of this memory. Needs the rds_rdma transport; tcp answers EOPNOTSUPP. Free it with {@link #freeMr}.
     */
    public long getMr(ByteBuffer buffer, int offset, int length) {
        if (!buffer.isDirect()) {
            throw new IllegalArgumentException("RDS RDMA needs a direct ByteBuffer: the HCA reads and writes it");
        }
        NativeException.check(getMr0(fd(), buffer, offset, length, 0, meta), "setsockopt(RDS_GET_MR)");
        return meta.getLong(0);
    }

    /** RDS_FREE_MR of a cookie from {@link #getMr}. */
    public void freeMr(long cookie) {
        NativeException.check(freeMr0(fd(), cookie), "setsockopt(RDS_FREE_MR)");
    }

    /**
     * sendmsg with RDS_CMSG_RDMA_ARGS: before {@code message[offset, +length)} reaches {@code ipv4}:{@code port},
     * RDS writes ({@code write}) {@code local[localOffset, +localLength)} into the peer's memory named by
     * {@code cookie} at {@code remoteAddress}, or reads it from there into {@code local}. Returns the message bytes
     * sent, or {@link #WOULD_BLOCK} when the queue is full.
     */
    public int sendRdma(ByteBuffer message, int offset, int length, int ipv4, int port, long cookie,
            long remoteAddress, ByteBuffer local, int localOffset, int localLength, boolean write) {
        if (!local.isDirect()) {
            throw new IllegalArgumentException("RDS RDMA needs a direct ByteBuffer: the HCA reads and writes it");
        }
        int rc = sendRdma0(fd(), message, offset, length, ipv4, port, cookie, remoteAddress, local, localOffset,
                localLength, write);
        if (rc == -Errno.ENOBUFS || rc == -Errno.EAGAIN) {
            return WOULD_BLOCK;
        }
        return NativeException.check(rc,
                write ? "sendmsg(RDS_CMSG_RDMA_ARGS, write)" : "sendmsg(RDS_CMSG_RDMA_ARGS, read)");
    }

    @Override
    protected int release(long fd) {
        return close0((int) fd);
    }

    @Override
    protected String closeCall() {
        return "close(AF_RDS socket)";
    }

    /** Host-order int of an IPv4 address, as the natives take it. */
    public static int ipv4(Inet4Address address) {
        byte[] b = address.getAddress();
        return (b[0] & 0xff) << 24 | (b[1] & 0xff) << 16 | (b[2] & 0xff) << 8 | b[3] & 0xff;
    }

    public static Inet4Address address(int ipv4) {
        return RdsConnection.address(ipv4);
    }

    private static native int open0();

    private static native int bind0(int fd, int ipv4, int port);

    private static native int localPort0(int fd);

    private static native int setBuffers0(int fd, int sndbuf, int rcvbuf);

    private static native int getBuffer0(int fd, int which);

    private static native int transport0(int fd);

    private static native int setTransport0(int fd, int transport);

    private static native int sendTo0(int fd, ByteBuffer buffer, int offset, int length, int ipv4, int port);

    private static native int receive0(int fd, ByteBuffer buffer, int offset, int capacity, ByteBuffer meta);

    private static native int poll0(int fd, int events, int timeoutMillis);

    private static native int connections0(int fd, ByteBuffer out, int capacity, ByteBuffer meta);

    private static native int counters0(int fd, ByteBuffer out, int capacity, ByteBuffer meta);

    private static native int getMr0(int fd, ByteBuffer buffer, int offset, int length, int flags, ByteBuffer meta);

    private static native int freeMr0(int fd, long cookie);

    private static native int sendRdma0(int fd, ByteBuffer message, int offset, int length, int ipv4, int port,
            long cookie, long remoteAddress, ByteBuffer local, int localOffset, int localLength, boolean write);

    private static native int close0(int fd);
}
