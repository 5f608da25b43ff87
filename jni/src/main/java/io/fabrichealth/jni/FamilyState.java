package io.fabrichealth.jni;

import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Outcome of loading one family: either a version line, or the reason it is unavailable.
 * Built once in each family's class initializer; never throws out of it.
 */
record FamilyState(String version, Throwable cause) {

    /**
     * Loads the family's .so, then asks it for its version and ABI numbers.
     *
     * @param abiMismatch returns a description of what differs, or null when the ABI matches
     */
    static FamilyState load(NativeFamily family, Supplier<String> version0, Supplier<int[]> abi0,
            Function<int[], String> abiMismatch) {
        try {
            Throwable loadFailure = NativeLoader.load(family);
            if (loadFailure != null) {
                return new FamilyState(null, loadFailure);
            }
            String mismatch = abiMismatch.apply(abi0.get());
            if (mismatch != null) {
                return new FamilyState(null, new UnsatisfiedLinkError(family.libraryFileName()
                        + " ABI mismatch: " + mismatch
                        + "; rebuild fabric-health-jni on this host (mvn -pl jni install)"));
            }
            return new FamilyState(version0.get(), null);
        } catch (Throwable t) { // a class initializer must not throw: report it as data instead
            return new FamilyState(null, t);
        }
    }

    void ensureAvailable() {
        if (cause != null) {
            throw (UnsatisfiedLinkError) new UnsatisfiedLinkError(cause.getMessage()).initCause(cause);
        }
    }
}
