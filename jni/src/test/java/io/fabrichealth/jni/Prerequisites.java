package io.fabrichealth.jni;

import java.nio.file.Files;
import java.nio.file.Path;

/** Fails (never skips) when a tool the tests need is missing, naming the package to install. */
final class Prerequisites {
    static final Path UMAD2SIM = Path.of(SimulatorGuard.UMAD2SIM);

    private Prerequisites() {
    }

    static void requireCommand(String command, String debianPackage) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            if (Files.isExecutable(Path.of(dir, command))) {
                return;
            }
        }
        for (String dir : new String[] {"/usr/sbin", "/sbin"}) {
            if (Files.isExecutable(Path.of(dir, command))) {
                return;
            }
        }
        throw new AssertionError(command + " not found: apt-get install " + debianPackage);
    }

    static void requireIbsim() {
        requireCommand("ibsim", "ibsim-utils");
        requireCommand("smpquery", "infiniband-diags");
        requireCommand("mkfifo", "coreutils");
        requireCommand("timeout", "coreutils");
        if (!Files.isRegularFile(UMAD2SIM)) {
            throw new AssertionError(UMAD2SIM + " not found: apt-get install ibsim-utils");
        }
    }
}
