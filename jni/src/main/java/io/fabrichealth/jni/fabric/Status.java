package io.fabrichealth.jni.fabric;

/** Negative statuses the binding returns and callers branch on (fi_errno.h). */
public final class Status {
    public static final int FI_ENOENT = -2;
    public static final int FI_EAGAIN = -11;
    public static final int FI_ENOSYS = -38;
    public static final int FI_ENODATA = -61;
    public static final int FI_EOPNOTSUPP = -95;
    public static final int FI_ECONNRESET = -104;
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

    /** A provider without the feature (fabtests' "unsupported", not a failure). */
    public static boolean unsupported(int status) {
        return status == FI_ENOSYS || status == FI_EOPNOTSUPP || status == FI_ENODATA;
    }
}
