package io.fabrichealth.jni;

import java.util.List;

/**
 * libibverbs (and librdmacm, linked by the same library): the RDMA devices this host sees. RC connections for
 * the verbs ping-pong are {@link io.fabrichealth.jni.verbs.VerbsConnection}.
 */
public final class Verbs {
    private Verbs() {
    }

    /**
     * Names of the RDMA devices (ibv_get_device_list); empty when there are none, including
     * when the kernel has no verbs support at all (ENOSYS, as on a host without RDMA modules).
     */
    public static List<String> deviceNames() {
        NativeFamily.VERBS.ensureAvailable();
        try {
            return List.of(deviceNames0());
        } catch (NativeException e) {
            if (e.status() == -Errno.ENOSYS) {
                return List.of();
            }
            throw e;
        }
    }

    private static native String[] deviceNames0();
}
