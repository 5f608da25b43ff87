package io.fabrichealth.jni;

/**
 * A native call failed. Carries the numeric status so MBeans can report the code as well as
 * the text: {@link #status()} is a negative errno or library status (libfabric's -FI_E*),
 * {@link #errnoName()} its symbolic name ("ETIMEDOUT").
 */
public final class NativeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;

    /** Called from C with the name of the failing call, e.g. "umad_get_cas_names". */
    public NativeException(int status, String call) {
        this(status, call, null);
    }

    /** {@code advice} tells the operator what to do next; null when there is nothing to add. */
    public NativeException(int status, String call, String advice) {
        super(message(status, call, advice));
        this.status = status;
    }

    /** Negative errno or library status. */
    public int status() {
        return status;
    }

    /** Symbolic name of {@link #status()}, e.g. "ETIMEDOUT" or "FI_ENOCQ". */
    public String errnoName() {
        return Errno.name(status);
    }

    private static String message(int status, String call, String advice) {
        String text = call + " failed: " + Errno.name(status) + " (" + status + ", "
                + Errno.description(status) + ")";
        return advice == null ? text : text + "; " + advice;
    }
}
