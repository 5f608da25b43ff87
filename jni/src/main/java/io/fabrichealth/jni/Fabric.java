package io.fabrichealth.jni;

import java.util.List;

/** libfabric: its version and the providers fi_getinfo offers on this host. */
public final class Fabric {
    private Fabric() {
    }

    /** The running libfabric's version (fi_version), e.g. "1.17". */
    public static String version() {
        NativeFamily.FABRIC.ensureAvailable();
        int packed = fiVersion0();
        return (packed >>> 16) + "." + (packed & 0xFFFF);
    }

    /**
     * Provider entries from fi_getinfo with no hints, duplicates folded (one per provider, endpoint
     * type and RMA capability); empty when libfabric finds none.
     */
    public static List<FabricProvider> providers() {
        NativeFamily.FABRIC.ensureAvailable();
        try {
            return List.of(providers0()).stream().distinct().toList();
        } catch (NativeException e) {
            if (e.status() == -Errno.ENODATA) { // FI_ENODATA is ENODATA (fi_errno.h)
                return List.of();
            }
            throw e;
        }
    }

    /** FI_VERSION(major, minor) of the running library. */
    private static native int fiVersion0();

    private static native FabricProvider[] providers0();
}
