package io.fabrichealth.jni;

import java.util.List;

/** libfabric: its version and the providers fi_getinfo offers on this host. */
public final class Fabric {
    static final int BINDING_VERSION = 2;
    private static final int FI_ENODATA = -61;

    private static final FamilyState STATE = FamilyState.load(NativeFamily.FABRIC, Fabric::version0, Fabric::abi0,
            Fabric::problem);

    private Fabric() {
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

    /** The running libfabric's version (fi_version), e.g. "1.17". */
    public static String version() {
        ensureAvailability();
        int packed = fiVersion0();
        return (packed >>> 16) + "." + (packed & 0xFFFF);
    }

    /**
     * Provider entries from fi_getinfo with no hints, duplicates folded (one per provider, endpoint
     * type and RMA capability); empty when libfabric finds none.
     */
    public static List<FabricProvider> providers() {
        ensureAvailability();
        try {
            return List.of(providers0()).stream().distinct().toList();
        } catch (NativeException e) {
            if (e.status() == FI_ENODATA) {
                return List.of();
            }
            throw e;
        }
    }

    /**
     * libfabric itself is opened by the .so at load (see fabric_lib.h), so a missing libfabric
     * shows up here. abi0 = {binding version, built-against major, minor, running major, minor,
     * then the sizes of the native layouts io.fabrichealth.jni.fabric writes and reads in direct buffers}.
     */
    private static String problem(int[] abi) {
        String linkError = linkError0();
        if (linkError != null) {
            return LoadFailure.explain(NativeFamily.FABRIC, linkError);
        }
        String mismatch = AbiCheck.exact(NativeFamily.FABRIC, new String[] {"binding version", "length"},
                BINDING_VERSION, 9).apply(new int[] {abi.length > 0 ? abi[0] : -1, abi.length});
        if (mismatch == null) {
            mismatch = AbiCheck.exact(NativeFamily.FABRIC, new String[] {"sizeof(struct iovec)",
                "sizeof(struct fi_context2)", "sizeof(struct fi_cq_msg_entry)", "sizeof(void *)"}, 16, 64, 24, 8)
                    .apply(java.util.Arrays.copyOfRange(abi, 5, 9));
        }
        if (mismatch != null) {
            return mismatch;
        }
        boolean compatible = abi[3] == abi[1] && abi[4] >= abi[2];
        return compatible ? null : "libfabric " + abi[3] + "." + abi[4] + " is installed but "
                + NativeFamily.FABRIC.libraryFileName() + " was built against " + abi[1] + "." + abi[2]
                + "; install libfabric1 >= " + abi[1] + "." + abi[2];
    }

    private static native String version0();

    private static native int[] abi0();

    /** dlerror() text when libfabric.so.1 could not be opened, else null. */
    private static native String linkError0();

    /** FI_VERSION(major, minor) of the running library. */
    private static native int fiVersion0();

    private static native FabricProvider[] providers0();
}
