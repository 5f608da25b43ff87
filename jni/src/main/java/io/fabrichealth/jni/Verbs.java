package io.fabrichealth.jni;

import java.util.List;

/**
 * libibverbs (and librdmacm, linked by the same library): the RDMA devices this host sees. RC connections for
 * the verbs ping-pong are {@link io.fabrichealth.jni.verbs.VerbsConnection}.
 */
public final class Verbs {
    static final int BINDING_VERSION = 2;
    private static final int ENOSYS = -38;

    private static final FamilyState STATE = FamilyState.load(NativeFamily.VERBS, Verbs::version0, Verbs::abi0,
            AbiCheck.exact(NativeFamily.VERBS, new String[] {"binding version", "completion entry size"},
                    BINDING_VERSION, io.fabrichealth.jni.verbs.VerbsConnection.COMPLETION_SIZE));

    private Verbs() {
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

    /**
     * Names of the RDMA devices (ibv_get_device_list); empty when there are none, including
     * when the kernel has no verbs support at all (ENOSYS, as on a host without RDMA modules).
     */
    public static List<String> deviceNames() {
        ensureAvailability();
        try {
            return List.of(deviceNames0());
        } catch (NativeException e) {
            if (e.status() == ENOSYS) {
                return List.of();
            }
            throw e;
        }
    }

    private static native String version0();

    private static native int[] abi0();

    private static native String[] deviceNames0();
}
