package io.fabrichealth.jni.fabric;

import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.NativeHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;

/** fi_eq: connection events of MSG endpoints (requests, established, shut down, errors). */
public final class EventQueue extends NativeHandle {
    public static final int FI_CONNREQ = 1;
    public static final int FI_CONNECTED = 2;
    public static final int FI_SHUTDOWN = 3;
    /** An error entry (fi_eq_readerr) rather than an event. */
    public static final int ERROR = -1;

    private final ByteBuffer block = ByteBuffer.allocateDirect(32).order(ByteOrder.nativeOrder());
    private final long blockAddress = Fid.address(block);

    public EventQueue(FabricInstance fabric) {
        super(NativeException.check(open0(fabric.handle()), "fi_eq_open"), fabric);
    }

    /**
     * One event, or null when none came within {@code timeout}. A FI_CONNREQ carries the request's
     * FabricInfo, which the caller must close (or hand to an Endpoint and then close).
     */
    public Event read(Duration timeout) {
        int ms = (int) Math.min(Integer.MAX_VALUE, Math.max(0, timeout.toMillis()));
        int rc = sread0(handle(), blockAddress, ms);
        if (rc == Status.FI_EAGAIN || rc == Status.FI_ETIMEDOUT) {
            return null;
        }
        if (rc == Status.FI_EAVAIL) {
            return new Event(ERROR, block.getLong(0), null, -block.getInt(16), block.getInt(20));
        }
        NativeException.check(rc, "fi_eq_sread");
        long info = block.getLong(8);
        return new Event(rc, block.getLong(0), rc == FI_CONNREQ && info != 0 ? FabricInfo.adopt(info) : null, 0, 0);
    }

    /**
     * @param type   FI_CONNREQ, FI_CONNECTED, FI_SHUTDOWN, ... or {@link #ERROR}
     * @param fid    the object the event is about (compare with {@link Endpoint#isFid(long)})
     * @param info   a connection request's info, else null
     * @param status for ERROR, the negative error (e.g. -ECONNREFUSED)
     */
    public record Event(int type, long fid, FabricInfo info, int status, int providerErrno) {
    }

    @Override
    protected int release(long handle) {
        return Fid.close0(handle);
    }

    @Override
    protected String closeCall() {
        return "fi_close(eq)";
    }

    private static native long open0(long fabric);

    private static native int sread0(long eq, long block, int timeoutMs);
}
