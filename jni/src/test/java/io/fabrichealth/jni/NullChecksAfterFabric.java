package io.fabrichealth.jni;

/**
 * Child JVM main: loads libfabric (whose PSM dependency installs its own SIGSEGV handler), then
 * runs compiled code whose null checks and safepoints are SIGSEGV traps. With a foreign handler
 * left in place the JVM dies here with "terminated with signal 11".
 */
public final class NullChecksAfterFabric {
    private static volatile Object sink;

    private NullChecksAfterFabric() {
    }

    private static int length(String s) {
        return s.length();
    }

    public static void main(String[] args) {
        Report.println("fabric.available=" + NativeFamily.FABRIC.available());
        Report.println("fabric.version=" + NativeFamily.FABRIC.version());
        int caught = 0;
        for (int i = 0; i < 2_000_000; i++) {
            try {
                sink = new byte[64];
                length(i % 1000 == 0 ? null : "x");
            } catch (NullPointerException e) {
                caught++;
            }
        }
        System.gc();
        Report.println("caught=" + caught);
    }
}
