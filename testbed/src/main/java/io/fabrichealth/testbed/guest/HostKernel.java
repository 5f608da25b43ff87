package io.fabrichealth.testbed.guest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * An installed kernel the guest can boot: {@code /boot/vmlinuz-V} with its modules in {@code /lib/modules/V}.
 * The host's running kernel is irrelevant (it has no RDS and no RDMA); linux-image-amd64 provides this one.
 */
record HostKernel(String version, Path vmlinuz, Path modulesDir) {

    private static final Path BOOT = Path.of("/boot");
    private static final Path MODULES = Path.of("/lib/modules");

    /** The newest kernel that has both an image and its modules.dep. */
    static HostKernel newest() {
        try (Stream<Path> images = Files.list(BOOT)) {
            return images
                    .filter(p -> p.getFileName().toString().startsWith("vmlinuz-"))
                    .map(p -> new HostKernel(p.getFileName().toString().substring("vmlinuz-".length()), p,
                            MODULES.resolve(p.getFileName().toString().substring("vmlinuz-".length()))))
                    .filter(k -> Files.isReadable(k.modulesDir.resolve("modules.dep")))
                    .max(Comparator.comparing(HostKernel::version, HostKernel::compareVersions))
                    .orElseThrow(() -> new GuestException("no /boot/vmlinuz-* with /lib/modules/*/modules.dep: "
                            + "apt-get install linux-image-amd64"));
        } catch (IOException e) {
            throw new GuestException("cannot list " + BOOT + ": " + e.getMessage()
                    + " (apt-get install linux-image-amd64)", e);
        }
    }

    /** Compares "6.1.0-56-amd64" style versions number by number, so 6.10 sorts after 6.9. */
    static int compareVersions(String a, String b) {
        String[] x = a.split("[.-]");
        String[] y = b.split("[.-]");
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            int c = x[i].matches("\\d+") && y[i].matches("\\d+")
                    ? Long.compare(Long.parseLong(x[i]), Long.parseLong(y[i]))
                    : x[i].compareTo(y[i]);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(x.length, y.length);
    }
}
