package io.fabrichealth.jni;

import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.StampedLock;

/**
 * An open umad port: register agents, send MADs, receive answers with the caller's own deadline.
 *
 * <p>Buffers: the Java side passes only the 256-byte MAD in a direct ByteBuffer. C builds the
 * {@code struct ib_user_mad} header on its stack (no allocation per MAD, nothing shared between
 * threads) and copies the MAD in or out. One thread may send while another receives; close()
 * waits for both.
 *
 * <p>Transaction IDs: the kernel (and umad2sim) overwrite the upper 32 bits of the TID with the
 * agent's id, so match answers on the low 32 bits only.
 *
 * <p>Timeouts: on real hardware the kernel only delivers an answer when the request was sent with
 * {@code timeoutMs > 0} (it matches answers to outstanding sends), and returns the request with
 * status 110 when that timeout expires. umad2sim ignores the value. Use {@code retries = 0} and
 * retry in Java.
 */
public final class UmadPort extends NativeHandle {
    /** A MAD without RMPP is always 256 bytes. */
    public static final int MAD_SIZE = 256;
    /** Smallest buffer send accepts: the common MAD header. */
    public static final int MAD_HEADER_SIZE = 24;
    /**
     * One slot of a {@link #recvBatch} buffer: the packed receipt (8 bytes, big-endian; read it with
     * {@link MadReceipt#packedLength} and its siblings) and then the 256-byte MAD.
     */
    public static final int RECV_SLOT_SIZE = 8 + MAD_SIZE;
    /** Offset of the MAD within a receive slot. */
    public static final int RECV_SLOT_MAD = 8;
    public static final int CLASS_SMP_LID_ROUTED = 0x01;
    public static final int CLASS_SMP_DIRECTED_ROUTE = 0x81;
    public static final int CLASS_PERF_MGT = 0x04;

    /** How long close() waits, under umad2sim only, for answers still in flight. */
    static final long UMAD2SIM_DRAIN_MILLIS = Long.getLong("fabric.health.umad2sim.drainMillis", 5000);

    private final String ca;
    private final int port;
    /** Sends and receives share it, close() takes it alone; a stamp costs less per MAD than a reentrant lock. */
    private final StampedLock lock = new StampedLock();
    /** Sends not yet matched by a receive; only used to drain umad2sim before close. */
    private final AtomicInteger inFlight = new AtomicInteger();
    /**
     * The buffers last sent from and received into, with their addresses. A caller such as the MAD engine uses the
     * same two for every MAD, and reading a buffer's address and capacity through JNI on every call (each behind an
     * IsInstanceOf) cost about 0.14 us of a MAD's 15 at 1 in flight. Each is one immutable pair, so a thread that
     * reads another's write still sees a buffer with its own address.
     */
    private Mapped lastSent = Mapped.NONE;
    private Mapped lastReceived = Mapped.NONE;

    UmadPort(int fd, String ca, int port) {
        super(fd, null);
        this.ca = ca;
        this.port = port;
    }

    /** umad_open_port; {@link Umad#open} checks availability and the simulator first. */
    static UmadPort open(String ca, int port) {
        long fd = NativeException.check(open0(ca, port), "umad_open_port(" + ca + ", " + port + ")",
                rc -> "check the CA name and port with Umad.caNames() / ibstat; the port needs "
                        + "read-write access to /dev/infiniband/umad*");
        return new UmadPort((int) fd, ca, port);
    }

    /** The CA name asked for at open (null = first active). */
    public String caName() {
        return ca;
    }

    /** The port number asked for at open (0 = first active). */
    public int portNum() {
        return port;
    }

    /**
     * Registers an agent for SMPs (0x01 LID-routed, 0x81 directed route) or PerfMgt (0x04) and
     * returns its id. Under umad2sim only one agent per class exists in the whole process.
     */
    public int registerAgent(int mgmtClass, int classVersion) {
        if (mgmtClass != CLASS_SMP_LID_ROUTED && mgmtClass != CLASS_SMP_DIRECTED_ROUTE
                && mgmtClass != CLASS_PERF_MGT) {
            throw new IllegalArgumentException(String.format("management class 0x%02x is not supported; this "
                    + "read-only monitor registers only SMP (0x01, 0x81) and PerfMgt (0x04)", mgmtClass));
        }
        if (classVersion < 1 || classVersion > 0xFF) {
            throw new IllegalArgumentException("class version must be 1..255, got " + classVersion);
        }
        long stamp = lock.readLock();
        try {
            return (int) NativeException.check(register0(openFd(), mgmtClass, classVersion),
                    String.format("umad_register(class 0x%02x, version %d)", mgmtClass, classVersion),
                    rc -> "is another agent already registered for this class?");
        } finally {
            lock.unlockRead(stamp);
        }
    }

    /** Sends with umad timeout 0 and no retries (fine under umad2sim; see the class note for hardware). */
    public void send(int agentId, ByteBuffer mad, MadAddress to) {
        send(agentId, mad, to, 0, 0);
    }

    /**
     * Sends the bytes between {@code mad.position()} and {@code mad.limit()} (24..256 bytes).
     * The buffer's position and limit are left as they were.
     */
    public void send(int agentId, ByteBuffer mad, MadAddress to, int timeoutMs, int retries) {
        requireDirect(mad, "send");
        int length = mad.remaining();
        if (length < MAD_HEADER_SIZE || length > MAD_SIZE) {
            throw new IllegalArgumentException("a MAD is " + MAD_HEADER_SIZE + ".." + MAD_SIZE
                    + " bytes, the buffer has " + length + " remaining");
        }
        if (timeoutMs < 0 || retries < 0) {
            throw new IllegalArgumentException("timeoutMs and retries must be >= 0");
        }
        long stamp = lock.readLock();
        try {
            Mapped m = lastSent; // read once: another thread may swap it meanwhile
            if (m.buffer != mad) {
                m = Mapped.of(mad);
                lastSent = m;
            }
            int rc = send0(openFd(), agentId, m.address + mad.position(), length, to.lid(), to.qpn(), to.qkey(),
                    to.sl(), to.pkeyIndex(), timeoutMs, retries);
            if (rc < 0) { // the call's name only when it failed: building it costs more than the check, per MAD
                NativeException.check(rc, "umad_send(agent " + agentId + ", lid " + to.lid() + ")");
            }
            inFlight.incrementAndGet();
        } finally {
            lock.unlockRead(stamp);
            Reference.reachabilityFence(mad); // C read from its memory
        }
    }

    /**
     * Waits until a MAD arrives or {@code timeoutMillis} pass (0 = just look), writing it at
     * {@code into.position()} (position and limit unchanged; at least 256 bytes must remain).
     *
     * @return what arrived, or null when the deadline passed first
     */
    public MadReceipt recv(ByteBuffer into, int timeoutMillis) {
        requireDirect(into, "recv");
        if (into.remaining() < MAD_SIZE) {
            throw new IllegalArgumentException("recv needs " + MAD_SIZE + " bytes of room, the buffer has "
                    + into.remaining() + " remaining");
        }
        if (timeoutMillis < 0) {
            throw new IllegalArgumentException("timeoutMillis must be >= 0");
        }
        long stamp = lock.readLock();
        try {
            Mapped m = lastReceived; // read once: another thread may swap it meanwhile
            if (m.buffer != into) {
                m = Mapped.of(into);
                lastReceived = m;
            }
            long packed = recv0(openFd(), m.address + into.position(), timeoutMillis);
            if (packed == -Errno.ETIMEDOUT) {
                return null;
            }
            NativeException.check(packed, "umad_recv");
            inFlight.updateAndGet(n -> Math.max(0, n - 1));
            return MadReceipt.unpack(packed);
        } finally {
            lock.unlockRead(stamp);
            Reference.reachabilityFence(into); // C wrote to its memory
        }
    }

    /**
     * Like {@link #recv}, but takes up to {@code max} MADs in one crossing: waits (up to {@code timeoutMillis}) for
     * the first, then takes only those already queued. Slot {@code i} starts at {@code i * RECV_SLOT_SIZE} (absolute;
     * position and limit are not used or moved): the packed receipt, then the MAD at {@link #RECV_SLOT_MAD}.
     *
     * @return how many slots were filled, 0 when the deadline passed first
     */
    public int recvBatch(ByteBuffer slots, int max, int timeoutMillis) {
        requireDirect(slots, "recv");
        if (max < 1 || (long) max * RECV_SLOT_SIZE > slots.capacity()) {
            throw new IllegalArgumentException("recvBatch of " + max + " needs " + (long) max * RECV_SLOT_SIZE
                    + " bytes (RECV_SLOT_SIZE each), the buffer holds " + slots.capacity());
        }
        if (timeoutMillis < 0) {
            throw new IllegalArgumentException("timeoutMillis must be >= 0");
        }
        long stamp = lock.readLock();
        try {
            Mapped m = lastReceived; // read once: another thread may swap it meanwhile
            if (m.buffer != slots) {
                m = Mapped.of(slots);
                lastReceived = m;
            }
            int n = recvBatch0(openFd(), m.address, max, timeoutMillis);
            if (n == -Errno.ETIMEDOUT) {
                return 0;
            }
            NativeException.check(n, "umad_recv");
            for (int owed = inFlight.get(); !inFlight.compareAndSet(owed, Math.max(0, owed - n)); ) {
                owed = inFlight.get();
            }
            return n;
        } finally {
            lock.unlockRead(stamp);
            Reference.reachabilityFence(slots); // C wrote to its memory
        }
    }

    /** Called once by {@link #close()}; waits for sends and receives in progress. */
    @Override
    protected int release(long fd) {
        long stamp = lock.writeLock();
        try {
            if (SimulatorGuard.preloaded()) {
                drainSimulator((int) fd);
            }
            return close0((int) fd);
        } finally {
            lock.unlockWrite(stamp);
        }
    }

    @Override
    protected String closeCall() {
        return "umad_close_port";
    }

    @Override
    protected String closedMessage() {
        return "UmadPort is closed; open a new one with Umad.open";
    }

    /**
     * umad2sim's receiver thread dereferences a NULL queue (SIGSEGV, the JVM dies) when an answer
     * arrives for a class whose port is closed, so wait for the answers still owed to us.
     */
    private void drainSimulator(int fd) {
        if (inFlight.get() == 0) {
            return;
        }
        Mapped scratch = Mapped.of(ByteBuffer.allocateDirect(MAD_SIZE));
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(UMAD2SIM_DRAIN_MILLIS);
        try {
            while (inFlight.get() > 0) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0 || recv0(fd, scratch.address, (int) left) < 0) {
                    return;
                }
                inFlight.decrementAndGet();
            }
        } finally {
            Reference.reachabilityFence(scratch);
        }
    }

    private int openFd() {
        return (int) handle();
    }

    private static void requireDirect(ByteBuffer buffer, String call) {
        if (!buffer.isDirect()) {
            throw new IllegalArgumentException("UmadPort." + call + " needs a direct ByteBuffer "
                    + "(ByteBuffer.allocateDirect(" + MAD_SIZE + ")); got a heap buffer");
        }
        if (buffer.isReadOnly() && call.equals("recv")) {
            throw new IllegalArgumentException("UmadPort.recv needs a writable buffer");
        }
    }

    /** fd, or -errno. */
    private static native int open0(String ca, int port);

    private static native int register0(int fd, int mgmtClass, int classVersion);

    /** Sends {@code length} bytes at {@code address}; the caller has checked the range. */
    private static native int send0(int fd, int agentId, long address, int length, int lid, int qpn, int qkey,
            int sl, int pkeyIndex, int timeoutMs, int retries);

    /**
     * Writes one MAD ({@link #MAD_SIZE} bytes, checked by the caller) at {@code address}: the packed
     * {@link MadReceipt}, or -errno (-ETIMEDOUT when the deadline passed).
     */
    private static native long recv0(int fd, long address, int timeoutMs);

    /** Fills up to {@code max} slots at {@code address}: how many (at least 1), or -errno (-ETIMEDOUT). */
    private static native int recvBatch0(int fd, long address, int max, int timeoutMs);

    /** A direct buffer's address, 0 for any other. */
    private static native long address0(ByteBuffer buffer);

    /** A direct buffer and its address; it keeps the buffer alive while the address is in use. */
    private record Mapped(ByteBuffer buffer, long address) {
        static final Mapped NONE = new Mapped(null, 0);

        static Mapped of(ByteBuffer buffer) {
            long address = address0(buffer);
            if (address == 0) {
                throw new IllegalStateException("the JVM gave no address for a direct buffer");
            }
            return new Mapped(buffer, address);
        }
    }

    private static native int close0(int fd);
}
