package io.fabrichealth.testbed;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks that the test bed's tools are installed, and says which Debian package to install when one is not.
 *
 * <p>A missing tool is a failure, never a skip: the test beds are part of the build.
 */
public final class Prerequisites {

    /** The Debian package that ships each command we run. */
    private static final Map<String, String> PACKAGES = Map.ofEntries(
            Map.entry("ibsim", "ibsim-utils"),
            Map.entry("opensm", "opensm"),
            Map.entry("smpquery", "infiniband-diags"),
            Map.entry("perfquery", "infiniband-diags"),
            Map.entry("ibnetdiscover", "infiniband-diags"),
            Map.entry("iblinkinfo", "infiniband-diags"),
            Map.entry("ibqueryerrors", "infiniband-diags"),
            Map.entry("ibstat", "infiniband-diags"),
            Map.entry("saquery", "infiniband-diags"),
            Map.entry("sminfo", "infiniband-diags"),
            Map.entry("setpriv", "util-linux"),
            Map.entry("mkfifo", "coreutils"),
            Map.entry("sh", "dash"));

    /** Tools in /usr/sbin are missing from a normal user's PATH, so look there too. */
    private static final List<String> EXTRA_DIRS = List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin");

    private Prerequisites() {
    }

    /** Fails with {@link IllegalStateException} naming the package to install for the first missing command. */
    public static void require(String... commands) {
        for (String c : commands) {
            command(c);
        }
    }

    /** The absolute path of {@code name}, found on PATH or in the sbin folders. */
    public static Path command(String name) {
        if (name.contains("/")) {
            Path p = Path.of(name);
            if (Files.isExecutable(p)) {
                return p;
            }
            throw new IllegalStateException(name + " is not an executable file");
        }
        for (String dir : searchPath()) {
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p) && !Files.isDirectory(p)) {
                return p;
            }
        }
        String pkg = PACKAGES.get(name);
        throw new IllegalStateException(name + " not found on PATH"
                + (pkg == null ? "; install the package that provides it" : ": apt-get install " + pkg));
    }

    /** The umad2sim preload library that points libibumad at ibsim instead of the kernel. */
    public static Path umad2sim() {
        Path lib = Path.of("/usr/lib", multiarch(), "umad2sim", "libumad2sim.so");
        if (!Files.isReadable(lib)) {
            throw new IllegalStateException("umad2sim not found at " + lib + ": apt-get install ibsim-utils");
        }
        return lib;
    }

    private static String multiarch() {
        String arch = System.getProperty("os.arch");
        return switch (arch) {
            case "amd64", "x86_64" -> "x86_64-linux-gnu";
            case "aarch64" -> "aarch64-linux-gnu";
            case "ppc64le" -> "powerpc64le-linux-gnu";
            default -> arch + "-linux-gnu";
        };
    }

    private static List<String> searchPath() {
        Set<String> dirs = new LinkedHashSet<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String d : path.split(File.pathSeparator)) {
                if (!d.isEmpty()) {
                    dirs.add(d);
                }
            }
        }
        dirs.addAll(EXTRA_DIRS);
        return new ArrayList<>(dirs);
    }
}
