package io.fabrichealth.testbed.guest;

/** Run inside the guest by {@link GuestJavaTest}: proves the JVM sees the guest's kernel, not the host's. */
public final class GuestKernelName {

    private GuestKernelName() {
    }

    public static void main(String[] args) {
        System.out.println("os.version=" + System.getProperty("os.version"));
    }
}
