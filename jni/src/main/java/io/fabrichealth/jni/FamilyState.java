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
     * @param problem given abi0()'s numbers, says what is wrong (the whole cause text), or null
     */
    static FamilyState load(NativeFamily family, Supplier<String> version0, Supplier<int[]> abi0,
            Function<int[], String> problem) {
        try {
            Throwable loadFailure = NativeLoader.load(family);
            if (loadFailure != null) {
                return new FamilyState(null, loadFailure);
            }
            String cause = problem.apply(abi0.get());
            if (cause != null) {
                return new FamilyState(null, new UnsatisfiedLinkError(cause));
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
