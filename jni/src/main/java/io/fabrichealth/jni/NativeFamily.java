package io.fabrichealth.jni;

import java.util.Arrays;

/**
 * The four native families, and the one description of each: its library, the Debian packages that provide
 * what the library links, and whether it loaded. Each is its own .so and loads (or fails) on its own, once, on
 * first use, so a host without libfabric still runs MAD probes. Every entry point of a family starts with
 * {@link #ensureAvailable()}; the accessors never throw.
 *
 * <p>Loading checks the ABI: the .so reports a binding version and the sizes and constants Java mirrors
 * ({@code xxxAbi0}), and a mismatch makes the family unavailable with the reason, instead of a crash later.
 * Loading must not use {@link Errno} or {@link NativeException}: Errno loads a family to read its table.
 */
public enum NativeFamily {
    UMAD("fhumad", "libibumad3") {
        @Override
        String version0() {
            return umadVersion0();
        }

        @Override
        String problem() {
            return AbiCheck.problem(libraryFileName(), umadAbi0(), "binding version", UMAD_BINDING_VERSION,
                    "sizeof(struct ib_user_mad)", 64, "sizeof(struct ib_mad_addr)", 44, "MAD size", 256,
                    "UMAD_CA_NAME_LEN", 20, "receive slot size", UmadPort.RECV_SLOT_SIZE);
        }
    },
    VERBS("fhverbs", "libibverbs1 librdmacm1") {
        @Override
        String version0() {
            return verbsVersion0();
        }

        @Override
        String problem() {
            return AbiCheck.problem(libraryFileName(), verbsAbi0(), "binding version", VERBS_BINDING_VERSION,
                    "completion entry size", 32);
        }
    },
    FABRIC("fhfabric", "libfabric1") {
        @Override
        String version0() {
            return fabricVersion0();
        }

        /**
         * libfabric itself is opened by the .so at load (see fabric_lib.h), so a missing libfabric shows up
         * here. abi = {binding version, built-against major, minor, running major, minor, then the sizes of
         * the native layouts io.fabrichealth.jni.fabric writes and reads in direct buffers}.
         */
        @Override
        String problem() {
            String linkError = fabricLinkError0();
            if (linkError != null) {
                return LoadFailure.explain(libraryFileName(), debianPackages(), linkError);
            }
            int[] abi = fabricAbi0();
            String mismatch = AbiCheck.problem(libraryFileName(), new int[] {abi.length > 0 ? abi[0] : -1,
                abi.length}, "binding version", FABRIC_BINDING_VERSION, "length", 9);
            if (mismatch == null) {
                mismatch = AbiCheck.problem(libraryFileName(), Arrays.copyOfRange(abi, 5, 9),
                        "sizeof(struct iovec)", 16, "sizeof(struct fi_context2)", 64,
                        "sizeof(struct fi_cq_msg_entry)", 24, "sizeof(void *)", 8);
            }
            if (mismatch != null) {
                return mismatch;
            }
            boolean compatible = abi[3] == abi[1] && abi[4] >= abi[2];
            return compatible ? null : "libfabric " + abi[3] + "." + abi[4] + " is installed but "
                    + libraryFileName() + " was built against " + abi[1] + "." + abi[2]
                    + "; install libfabric1 >= " + abi[1] + "." + abi[2];
        }
    },
    RDS("fhrds", null) {
        @Override
        String version0() {
            return rdsVersion0();
        }

        /** AF_RDS and friends as the C side was built with (linux/rds.h); Rds declares the same numbers. */
        @Override
        String problem() {
            return AbiCheck.problem(libraryFileName(), rdsAbi0(), "binding version", RDS_BINDING_VERSION,
                    "AF_RDS", 21, "SOL_RDS", 276, "SO_RDS_TRANSPORT", 8, "RDS_INFO_CONNECTIONS", 10001,
                    "sizeof(struct rds_info_connection)", 42, "RDS_INFO_COUNTERS", 10000,
                    "sizeof(struct rds_info_counter)", 40);
        }
    };

    /** Bumped when a family's C side changes in a way Java must know about (C reports them back). */
    static final int UMAD_BINDING_VERSION = 2;
    static final int VERBS_BINDING_VERSION = 3;
    static final int FABRIC_BINDING_VERSION = 2;
    static final int RDS_BINDING_VERSION = 3;

    private final String library;
    private final String debianPackages;
    private volatile State state;

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

    /** Throws UnsatisfiedLinkError (with the cause) when the family is unavailable. */
    public void ensureAvailable() {
        Throwable cause = state().cause();
        if (cause != null) {
            throw (UnsatisfiedLinkError) new UnsatisfiedLinkError(cause.getMessage()).initCause(cause);
        }
    }

    /** The library's version line; called once, after the library loaded. */
    abstract String version0();

    /** What is wrong with the loaded library (the whole cause text), or null. */
    abstract String problem();

    /**
     * Loads the families in order until one library is in (its JNI_OnLoad registered the status table
     * {@link Errno} reads); false when none loads.
     */
    static boolean loadAny() {
        for (NativeFamily family : values()) {
            if (family.state().loaded()) {
                return true;
            }
        }
        return false;
    }

    private State state() {
        State s = state;
        if (s == null) {
            synchronized (this) {
                s = state;
                if (s == null) {
                    s = load();
                    state = s;
                }
            }
        }
        return s;
    }

    /** Never throws: an unavailable family is data. */
    private State load() {
        boolean loaded = false;
        try {
            Throwable failure = NativeLoader.load(libraryFileName(), debianPackages);
            if (failure != null) {
                return new State(null, failure, false);
            }
            loaded = true;
            String problem = problem();
            if (problem != null) {
                return new State(null, new UnsatisfiedLinkError(problem), true);
            }
            return new State(version0(), null, true);
        } catch (Throwable t) {
            return new State(null, t, loaded);
        }
    }

    /** How loading went: a version line, or why the family is unavailable; {@code loaded}: JNI_OnLoad ran. */
    private record State(String version, Throwable cause, boolean loaded) {
    }

    private static native String umadVersion0();

    private static native int[] umadAbi0();

    private static native String verbsVersion0();

    private static native int[] verbsAbi0();

    private static native String fabricVersion0();

    private static native int[] fabricAbi0();

    /** dlerror() text when libfabric.so.1 could not be opened, else null. */
    private static native String fabricLinkError0();

    private static native String rdsVersion0();

    private static native int[] rdsAbi0();
}
