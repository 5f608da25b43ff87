package io.fabrichealth.jni;

/** Compares the numbers a .so reports from its abi0() with the ones the Java side was written for. */
final class AbiCheck {
    private AbiCheck() {
    }

    /**
     * {@code expected} alternates a name and its value ("sizeof(struct ib_user_mad)", 64, ...); every value must
     * match. Returns the whole cause text, or null when everything matches.
     */
    static String problem(String libraryFileName, int[] actual, Object... expected) {
        int count = expected.length / 2;
        if (actual == null || actual.length != count) {
            return libraryFileName + " ABI mismatch: abi0() returned " + (actual == null ? "null" : actual.length
                    + " values") + ", Java expects " + count + "; " + REBUILD;
        }
        StringBuilder diff = new StringBuilder();
        for (int i = 0; i < count; i++) {
            int want = (Integer) expected[2 * i + 1];
            if (actual[i] != want) {
                diff.append(diff.length() == 0 ? "" : ", ").append(expected[2 * i]).append(" is ").append(actual[i])
                        .append(" in the native library, Java expects ").append(want);
            }
        }
        return diff.length() == 0 ? null : libraryFileName + " ABI mismatch: " + diff + "; " + REBUILD;
    }

    private static final String REBUILD = "rebuild fabric-health-jni on this host (mvn -pl jni install)";
}
