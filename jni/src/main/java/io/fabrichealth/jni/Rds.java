package io.fabrichealth.jni;

/**
 * AF_RDS through socket(2). The family is available when its .so loads; whether the running
 * kernel has RDS is a separate question, answered by {@link #kernelSupport()}. Sockets are
 * {@link io.fabrichealth.jni.rds.RdsSocket}.
 */
public final class Rds {
    static final int BINDING_VERSION = 2;
    /** Address family and socket-option level of RDS, as the C side was built with. */
    public static final int AF_RDS = 21;
    public static final int SOL_RDS = 276;
    /** getsockopt(SOL_RDS, ...) names and the kernel ABI of struct rds_info_connection (packed, with tos). */
    public static final int SO_RDS_TRANSPORT = 8;
    public static final int RDS_INFO_CONNECTIONS = 10001;
    public static final int RDS_INFO_CONNECTION_SIZE = 42;

    private static final int EAFNOSUPPORT = -97;

    private static final FamilyState STATE = FamilyState.load(NativeFamily.RDS, Rds::version0, Rds::abi0,
            AbiCheck.exact(NativeFamily.RDS, new String[] {"binding version", "AF_RDS", "SOL_RDS", "SO_RDS_TRANSPORT",
                "RDS_INFO_CONNECTIONS", "sizeof(struct rds_info_connection)"}, BINDING_VERSION, AF_RDS, SOL_RDS,
                    SO_RDS_TRANSPORT, RDS_INFO_CONNECTIONS, RDS_INFO_CONNECTION_SIZE));

    private Rds() {
    }

    public static boolean isAvailable() {
        return STATE.cause() == null;
    }

    /** Why the family cannot be used, or null. */
    public static Throwable unavailabilityCause() {
        return STATE.cause();
    }

    /** Throws UnsatisfiedLinkError (with the cause) when unavailable. */
    public static void ensureAvailability() {
        STATE.ensureAvailable();
    }

    static FamilyState state() {
        return STATE;
    }

    /** 0 when socket(AF_RDS, SOCK_SEQPACKET, 0) works (the socket is closed again), else -errno. */
    public static int kernelSupport() {
        ensureAvailability();
        return kernelSupport0();
    }

    /** Human text for a {@link #kernelSupport()} result, saying what to do next. */
    public static String describeKernelSupport(int status) {
        if (status == 0) {
            return "kernel has AF_RDS";
        }
        if (status == EAFNOSUPPORT) {
            return "kernel has no AF_RDS: modprobe rds rds_tcp";
        }
        return "socket(AF_RDS) failed: " + Errno.name(status) + " (" + Errno.description(status) + ")";
    }

    private static native String version0();

    private static native int[] abi0();

    private static native int kernelSupport0();
}
