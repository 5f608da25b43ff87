package io.fabrichealth.jni.fabric;

import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.NativeHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * fi_cq in FI_CQ_FORMAT_MSG. Reads go into a caller-owned {@link CompletionBatch}, so the steady state
 * allocates nothing; an error entry is read into this queue's own block.
 */
public final class CompletionQueue extends NativeHandle {
    private static final int FI_WAIT_NONE = 0;
    private static final int FI_WAIT_FD = 3;

    private final ByteBuffer errorBlock = ByteBuffer.allocateDirect(32).order(ByteOrder.nativeOrder());
    private final long errorAddress = Fid.address(errorBlock);
    private final boolean waitable;

    /** @param waitFd open with FI_WAIT_FD (for {@link #waitFd()}); providers without wait objects refuse */
    public CompletionQueue(FabricDomain domain, int size, boolean waitFd) {
        super(NativeException.check(open0(domain.handle(), size, waitFd ? FI_WAIT_FD : FI_WAIT_NONE),
                waitFd ? "fi_cq_open(FI_WAIT_FD)" : "fi_cq_open"), domain);
        this.waitable = waitFd;
    }

    /**
     * Reads up to the batch's capacity: the count read (0 when none), or -1 when an error entry is
     * waiting (read it with {@link #readError()}).
     */
    public int read(CompletionBatch batch) {
        int rc = read0(handle(), batch.address(), batch.capacity());
        if (rc == Status.FI_EAVAIL) {
            return -1;
        }
        return NativeException.check(rc, "fi_cq_read");
    }

    /** The pending error entry, or null when there is none. */
    public CompletionError readError() {
        int rc = NativeException.check(readerr0(handle(), errorAddress), "fi_cq_readerr");
        if (rc == 0) {
            return null;
        }
        int providerErrno = errorBlock.getInt(28);
        return new CompletionError(errorBlock.getLong(0), errorBlock.getLong(8), errorBlock.getLong(16),
                -Math.abs(errorBlock.getInt(24)), providerErrno, strerror0(handle(), providerErrno));
    }

    /** The CQ's wait fd for epoll (FI_GETWAIT); -FI_ENOSYS as a NativeException where there is none. */
    public int waitFd() {
        if (!waitable) {
            throw new IllegalStateException("this completion queue was opened without FI_WAIT_FD");
        }
        return NativeException.check(waitFd0(handle()), "fi_control(FI_GETWAIT)");
    }

    /**
     * One failed (or cancelled) operation.
     *
     * @param status negative, e.g. -FI_ECANCELED
     */
    public record CompletionError(long context, long flags, long length, int status, int providerErrno,
            String providerText) {
        public boolean cancelled() {
            return status == Status.FI_ECANCELED;
        }
    }

    @Override
    protected int release(long handle) {
        return Fid.close0(handle);
    }

    @Override
    protected String closeCall() {
        return "fi_close(cq)";
    }

    private static native long open0(long domain, int size, int waitObj);

    private static native int read0(long cq, long entries, int count);

    private static native int readerr0(long cq, long block);

    private static native String strerror0(long cq, int providerErrno);

    private static native int waitFd0(long cq);
}
