package io.fabrichealth.jni;

import java.util.function.IntFunction;

/**
 * A native call failed. Carries the numeric status so MBeans can report the code as well as
 * the text: {@link #status()} is a negative errno or library status (libfabric's -FI_E*),
 * {@link #errnoName()} its symbolic name ("ETIMEDOUT"). {@link #check} is the one place a
 * negative status becomes this exception, for every family.
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

    /** {@code rc} when it is not negative; else a NativeException naming {@code call}. */
    public static int check(int rc, String call) {
        if (rc < 0) {
            throw new NativeException(rc, call);
        }
        return rc;
    }

    /** {@code rc} (a handle, a count) when it is not negative; else a NativeException naming {@code call}. */
    public static long check(long rc, String call) {
        if (rc < 0) {
            throw new NativeException((int) rc, call);
        }
        return rc;
    }

    /**
     * As {@link #check(long, String)}, with advice for the operator: {@code advice} gets the status and returns
     * what to do next, or null.
     */
    public static long check(long rc, String call, IntFunction<String> advice) {
        if (rc < 0) {
            throw new NativeException((int) rc, call, advice.apply((int) rc));
        }
        return rc;
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
        String text = call + " failed: " + Errno.describe(status);
        return advice == null ? text : text + "; " + advice;
    }
}
