package io.fabrichealth.jni.verbs;

import io.fabrichealth.jni.Errno;
import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.NativeFamily;
import io.fabrichealth.jni.NativeHandle;
import java.net.Inet4Address;
import java.nio.ByteBuffer;

/**
 * One RC connection made through librdmacm, with its own protection domain, completion queue (on a completion
 * channel, so {@link #poll} sleeps) and queue pair. The loop above it posts SEND, RECV, RDMA READ and RDMA WRITE
 * work requests on registered memory ({@link VerbsMemory}) and reads their completions. Closes once, memory first
 * (its regions and windows are its children). Type-2 memory windows ({@link VerbsWindow}) are bound and
 * invalidated with work requests on the same queue pair, in order with the rest.
 */
public final class VerbsConnection extends NativeHandle {
    /** Bytes per completion entry in a {@link Completions} buffer: wr_id, status, opcode, byte_len, pad. */
    public static final int COMPLETION_SIZE = Completions.ENTRY_SIZE;
    /** ibv_access_flags. */
    public static final int LOCAL_WRITE = 1;
    public static final int REMOTE_WRITE = 2;
    public static final int REMOTE_READ = 4;
    /** IBV_ACCESS_MW_BIND: memory windows may be bound over the region. */
    public static final int MW_BIND = 16;

    static final String RXE_ADVICE = "rdma link add rxe0 type rxe netdev <dev> (Soft-RoCE), or check ibv_devinfo";

    VerbsConnection(long handle) {
        super(handle, null);
    }

    /**
     * rdma_resolve_addr/route and rdma_connect to {@code address}:{@code port} from {@code local} (null: any),
     * with {@code depth} sends and receives in the QP.
     */
    public static VerbsConnection connect(Inet4Address address, int port, Inet4Address local, int timeoutMillis,
            int depth) {
        NativeFamily.VERBS.ensureAvailable();
        long rc = connect0(ipv4(address), port, local == null ? 0 : ipv4(local), timeoutMillis, depth);
        return new VerbsConnection(NativeException.check(rc, "rdma_connect(" + address.getHostAddress() + ":" + port
                + ")", status -> noDevice(status) ? "no RDMA device serves " + (local == null ? "the route"
                        : local.getHostAddress()) + ": " + RXE_ADVICE : null));
    }

    /** What rdma_cm says when no RDMA device has the address or the route. */
    static boolean noDevice(int status) {
        return status == -Errno.ENODEV || status == -Errno.EADDRNOTAVAIL;
    }

    /** ibv_reg_mr of {@code buffer[offset, +length)} for {@code access} (LOCAL_WRITE | REMOTE_READ | ...). */
    public VerbsMemory register(ByteBuffer buffer, int offset, int length, int access) {
        if (!buffer.isDirect()) {
            throw new IllegalArgumentException("verbs need a direct ByteBuffer: the HCA reads and writes it while "
                    + "Java runs");
        }
        long[] out = new long[3];
        long mr = NativeException.check(reg0(handle(), buffer, offset, length, access, out), "ibv_reg_mr");
        return new VerbsMemory(this, mr, buffer, out[0], length, (int) out[1], (int) out[2]);
    }

    /**
     * The device that owns local address {@code local} (the one a connection from there uses) and its
     * memory-window capabilities.
     */
    public static VerbsDevice deviceAt(Inet4Address local) {
        NativeFamily.VERBS.ensureAvailable();
        int[] out = new int[2];
        String name = deviceAt0(ipv4(local), out);
        NativeException.check(name == null ? Math.min(out[0], -1) : 0, "ibv_query_device(the device of "
                + local.getHostAddress() + ")", status -> noDevice(status) ? "no RDMA device has this address: "
                        + RXE_ADVICE : null);
        return new VerbsDevice(name, out[0], out[1]);
    }

    /** ibv_alloc_mw(IBV_MW_TYPE_2) on this connection's protection domain. */
    public VerbsWindow allocateWindow() {
        return new VerbsWindow(this, NativeException.check(allocMw0(handle()), "ibv_alloc_mw(IBV_MW_TYPE_2)"));
    }

    /**
     * Posts IBV_WR_BIND_MW: {@code window} over all of {@code memory} (registered with {@link #MW_BIND}) for
     * {@code access} (REMOTE_READ, REMOTE_WRITE), under a new rkey (ibv_inc_rkey of the last); returns that rkey.
     * The grant starts when the bind completes (Completions.BIND_MW).
     */
    public int bind(VerbsWindow window, VerbsMemory memory, int access, long wrId) {
        return (int) NativeException.check(bindMw0(handle(), window.handle(), memory.handle(), memory.address(),
                memory.length(), access, wrId), "ibv_post_send(BIND_MW)");
    }

    /** Posts IBV_WR_LOCAL_INV of {@code rkey}: after its completion the rkey grants nothing. */
    public void postLocalInvalidate(int rkey, long wrId) {
        NativeException.check(postLocalInv0(handle(), rkey, wrId), "ibv_post_send(LOCAL_INV)");
    }

    /** SEND_WITH_INV: a SEND that also invalidates the peer's {@code rkey} before the peer sees the message. */
    public void postSendInvalidate(VerbsMemory memory, int offset, int length, int rkey, long wrId) {
        NativeException.check(postSendInv0(handle(), memory.address() + offset, length, memory.lkey(), rkey, wrId),
                "ibv_post_send(SEND_WITH_INV)");
    }

    /** SEND of {@code length} bytes at {@code offset} in {@code memory}. */
    public void postSend(VerbsMemory memory, int offset, int length, long wrId) {
        NativeException.check(postSend0(handle(), memory.address() + offset, length, memory.lkey(), wrId),
                "ibv_post_send(SEND)");
    }

    public void postReceive(VerbsMemory memory, int offset, int length, long wrId) {
        NativeException.check(postRecv0(handle(), memory.address() + offset, length, memory.lkey(), wrId),
                "ibv_post_recv");
    }

    /** RDMA WRITE (true) or READ (false) between {@code memory} and the peer's {@code remoteAddress}/{@code rkey}. */
    public void postRdma(boolean write, VerbsMemory memory, int offset, int length, long remoteAddress, int rkey,
            long wrId) {
        NativeException.check(postRdma0(handle(), write, memory.address() + offset, length, memory.lkey(),
                remoteAddress, rkey, wrId), write ? "ibv_post_send(RDMA_WRITE)" : "ibv_post_send(RDMA_READ)");
    }

    /** Completions into {@code out}, sleeping up to {@code timeoutMillis} when none is ready; how many. */
    public int poll(Completions out, int timeoutMillis) {
        return NativeException.check(poll0(handle(), out.buffer(), out.capacity(), timeoutMillis), "ibv_poll_cq");
    }

    @Override
    protected int release(long handle) {
        return close0(handle);
    }

    @Override
    protected String closeCall() {
        return "rdma_disconnect/destroy";
    }

    static int ipv4(Inet4Address address) {
        byte[] b = address.getAddress();
        return (b[0] & 0xff) << 24 | (b[1] & 0xff) << 16 | (b[2] & 0xff) << 8 | b[3] & 0xff;
    }

    static native long listen0(int ipv4, int port);

    static native int port0(long listener);

    static native long accept0(long listener, int timeoutMillis, int depth);

    private static native long connect0(int ipv4, int port, int localIpv4, int timeoutMillis, int depth);

    private static native long reg0(long conn, ByteBuffer buffer, int offset, int length, int access, long[] out);

    private static native int postSend0(long conn, long addr, int length, int lkey, long wrId);

    private static native int postSendInv0(long conn, long addr, int length, int lkey, int rkey, long wrId);

    private static native long allocMw0(long conn);

    private static native long bindMw0(long conn, long mw, long mr, long addr, int length, int access, long wrId);

    private static native int postLocalInv0(long conn, int rkey, long wrId);

    private static native String deviceAt0(int ipv4, int[] out);

    private static native int postRdma0(long conn, boolean write, long addr, int length, int lkey, long remote,
            int rkey, long wrId);

    private static native int postRecv0(long conn, long addr, int length, int lkey, long wrId);

    private static native int poll0(long conn, ByteBuffer entries, int max, int timeoutMillis);

    static native int close0(long handle);
}
