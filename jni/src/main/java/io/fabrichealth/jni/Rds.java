package io.fabrichealth.jni;

/**
 * AF_RDS through socket(2). The family is available when its .so loads; whether the running
 * kernel has RDS is a separate question, answered by {@link #kernelSupport()}. Sockets are
 * {@link io.fabrichealth.jni.rds.RdsSocket}.
 */
public final class Rds {
    /** Address family and socket-option level of RDS; the C build asserts they match linux/rds.h. */
    public static final int AF_RDS = 21;
    public static final int SOL_RDS = 276;
    /** getsockopt(SOL_RDS, ...) names and the kernel ABI of struct rds_info_connection (packed, with tos). */
    public static final int SO_RDS_TRANSPORT = 8;
    public static final int RDS_INFO_CONNECTIONS = 10001;
    public static final int RDS_INFO_CONNECTION_SIZE = 42;
    /** RDS_INFO_COUNTERS and struct rds_info_counter (packed: 32 bytes of NUL-padded name, u64 value). */
    public static final int RDS_INFO_COUNTERS = 10000;
    public static final int RDS_INFO_COUNTER_SIZE = 40;

    private Rds() {
    }

    /** 0 when socket(AF_RDS, SOCK_SEQPACKET, 0) works (the socket is closed again), else -errno. */
    public static int kernelSupport() {
        NativeFamily.RDS.ensureAvailable();
        return kernelSupport0();
    }

    /** Human text for a {@link #kernelSupport()} result, saying what to do next. */
    public static String describeKernelSupport(int status) {
        if (status == 0) {
            return "kernel has AF_RDS";
        }
        if (status == -Errno.EAFNOSUPPORT) {
            return "kernel has no AF_RDS: modprobe rds rds_tcp";
        }
        return "socket(AF_RDS) failed: " + Errno.name(status) + " (" + Errno.description(status) + ")";
    }

    private static native int kernelSupport0();
}
