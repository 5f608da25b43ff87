package io.fabrichealth.jni.fabric;

import io.fabrichealth.jni.Errno;

/**
 * Negative statuses the binding returns and callers branch on. fi_errno.h maps most FI_E* codes to errno, so
 * they are errno's values on this platform; FI_EAVAIL is libfabric's own. All are read from C ({@link Errno}):
 * compare with {@code ==}, they cannot be {@code switch} labels.
 */
public final class Status {
    public static final int FI_ENOENT = -Errno.ENOENT;
    public static final int FI_EIO = -Errno.EIO;
    public static final int FI_EACCES = -Errno.EACCES;
    public static final int FI_EAGAIN = -Errno.EAGAIN;
    public static final int FI_ENOSYS = -Errno.ENOSYS;
    public static final int FI_ENODATA = -Errno.ENODATA;
    public static final int FI_EOPNOTSUPP = -Errno.EOPNOTSUPP;
    public static final int FI_EPIPE = -Errno.EPIPE;
    public static final int FI_ECONNABORTED = -Errno.ECONNABORTED;
    public static final int FI_ECONNRESET = -Errno.ECONNRESET;
    public static final int FI_ENOTCONN = -Errno.ENOTCONN;
    public static final int FI_ESHUTDOWN = -Errno.ESHUTDOWN;
    public static final int FI_ETIMEDOUT = -Errno.ETIMEDOUT;
    public static final int FI_ECONNREFUSED = -Errno.ECONNREFUSED;
    public static final int FI_ECANCELED = -Errno.ECANCELED;
    public static final int FI_EAVAIL = -Errno.value("FI_EAVAIL");

    private Status() {
    }

    /** "ECONNREFUSED (-111, Connection refused)": the name, number and text of a status. */
    public static String describe(int status) {
        return Errno.describe(status);
    }

    /**
     * An operation failed because the connection under it went down: the peer closed, reset or crashed.
     * Providers flush what was queued on a dead connection as ECANCELED (tcp) or fail it with EIO
     * (sockets), so outside an fi_cancel those statuses mean the same.
     */
    public static boolean connectionLost(int status) {
        return status == FI_ECONNRESET || status == FI_ENOTCONN || status == FI_EPIPE || status == FI_ECONNABORTED
                || status == FI_ESHUTDOWN || status == FI_ECANCELED || status == FI_EIO;
    }

    /** A provider without the feature (fabtests' "unsupported", not a failure). */
    public static boolean unsupported(int status) {
        return status == FI_ENOSYS || status == FI_EOPNOTSUPP || status == FI_ENODATA;
    }
}
