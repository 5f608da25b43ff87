package io.fabrichealth.jni;

import java.util.function.Function;

/** Compares the numbers a .so reports from abi0() with the ones the Java side was written for. */
final class AbiCheck {
    private AbiCheck() {
    }

    /**
     * Every value must match; names[i] says what value i is ("sizeof(struct ib_user_mad)").
     */
    static Function<int[], String> exact(String[] names, int... expected) {
        return actual -> {
            if (actual == null || actual.length != expected.length) {
                return "abi0() returned " + (actual == null ? "null" : actual.length + " values")
                        + ", Java expects " + expected.length;
            }
            StringBuilder diff = new StringBuilder();
            for (int i = 0; i < expected.length; i++) {
                if (actual[i] != expected[i]) {
                    diff.append(diff.length() == 0 ? "" : ", ").append(names[i]).append(" is ")
                            .append(actual[i]).append(" in the native library, Java expects ")
                            .append(expected[i]);
                }
            }
            return diff.length() == 0 ? null : diff.toString();
        };
    }
}
