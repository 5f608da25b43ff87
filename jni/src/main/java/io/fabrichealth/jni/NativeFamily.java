package io.fabrichealth.jni;

/**
 * The four native families. Each one is its own .so and loads (or fails) on its own, so a
 * host without libfabric still runs MAD probes. Reading any accessor loads the family once;
 * nothing here throws.
 */
public enum NativeFamily {
    UMAD("fhumad", "libibumad3"),
    VERBS("fhverbs", "libibverbs1 librdmacm1"),
    FABRIC("fhfabric", "libfabric1"),
    RDS("fhrds", null);

    private final String library;
    private final String debianPackages;

    NativeFamily(String library, String debianPackages) {
        this.library = library;
        this.debianPackages = debianPackages;
    }

    /** File name inside META-INF/native/linux-x86_64/, e.g. "libfhumad.so". */
    public String libraryFileName() {
        return "lib" + library + ".so";
    }

    /** Debian packages that provide the system libraries this family links, or null. */
    public String debianPackages() {
        return debianPackages;
    }

    public boolean available() {
        return state().cause() == null;
    }

    /** What failed and what to do about it; null when available. */
    public String cause() {
        Throwable cause = state().cause();
        return cause == null ? null : cause.getMessage();
    }

    /** The library's own version line, e.g. "fhumad 1 (libibumad ABI 5)"; null when unavailable. */
    public String version() {
        return state().version();
    }

    FamilyState state() {
        switch (this) {
            case UMAD:
                return Umad.state();
            case VERBS:
                return Verbs.state();
            case FABRIC:
                return Fabric.state();
            case RDS:
                return Rds.state();
            default:
                throw new AssertionError(this);
        }
    }
}
