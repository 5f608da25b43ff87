package io.fabrichealth.jni.fabric;

/** Negative statuses the binding returns and callers branch on (fi_errno.h). */
public final class Status {
    public static final int FI_ENOENT = -2;
    public static final int FI_EIO = -5;
    public static final int FI_EACCES = -13;
    public static final int FI_EAGAIN = -11;
    public static final int FI_ENOSYS = -38;
    public static final int FI_ENODATA = -61;
    public static final int FI_EOPNOTSUPP = -95;
    public static final int FI_EPIPE = -32;
    public static final int FI_ECONNABORTED = -103;
    public static final int FI_ECONNRESET = -104;
    public static final int FI_ENOTCONN = -107;
    public static final int FI_ESHUTDOWN = -108;
    public static final int FI_ETIMEDOUT = -110;
    public static final int FI_ECONNREFUSED = -111;
    public static final int FI_ECANCELED = -125;
    public static final int FI_EAVAIL = -259;

    private Status() {
    }

    /** "ECONNREFUSED (-111, Connection refused)": the name, number and text of a status. */
    public static String describe(int status) {
        String text = new io.fabrichealth.jni.NativeException(status, "").getMessage();
        return text.substring(text.indexOf(": ") + 2);
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
