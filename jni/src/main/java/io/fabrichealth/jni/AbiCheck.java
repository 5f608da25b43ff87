package io.fabrichealth.jni;

import java.util.function.Function;

/** Compares the numbers a .so reports from abi0() with the ones the Java side was written for. */
final class AbiCheck {
    private AbiCheck() {
    }

    /**
     * Every value must match; names[i] says what value i is ("sizeof(struct ib_user_mad)").
     * The function returns the whole cause text, or null when everything matches.
     */
    static Function<int[], String> exact(NativeFamily family, String[] names, int... expected) {
        return actual -> {
            String mismatch = mismatch(names, expected, actual);
            return mismatch == null ? null : family.libraryFileName() + " ABI mismatch: " + mismatch
                    + "; rebuild fabric-health-jni on this host (mvn -pl jni install)";
        };
    }

    static String mismatch(String[] names, int[] expected, int[] actual) {
        if (actual == null || actual.length != expected.length) {
            return "abi0() returned " + (actual == null ? "null" : actual.length + " values")
                    + ", Java expects " + expected.length;
        }
        StringBuilder diff = new StringBuilder();
        for (int i = 0; i < expected.length; i++) {
            if (actual[i] != expected[i]) {
                diff.append(diff.length() == 0 ? "" : ", ").append(names[i]).append(" is ").append(actual[i])
                        .append(" in the native library, Java expects ").append(expected[i]);
            }
        }
        return diff.length() == 0 ? null : diff.toString();
    }
}
