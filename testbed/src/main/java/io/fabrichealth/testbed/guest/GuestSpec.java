package io.fabrichealth.testbed.guest;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What to run in a guest.
 *
 * @param script        a /bin/sh script, run as root after boot; source {@code /fh-guest/prelude.sh} for
 *                      Soft-RoCE and network namespace helpers
 * @param sharedRw      host directory mounted read-write at the same path in the guest, or null; the rest
 *                      of the host's / is visible read-only (writes land in a throwaway tmpfs overlay)
 * @param memoryMiB     guest RAM; java in the guest wants 768 or more
 * @param timeout       the whole run, boot included; the guest is killed when it expires
 * @param extraQemuArgs appended last, so they can override defaults (e.g. "-smp", "1")
 */
public record GuestSpec(String script, Path sharedRw, int memoryMiB, Duration timeout, List<String> extraQemuArgs) {

    public static final int DEFAULT_MEMORY_MIB = 512;
    public static final int JAVA_MEMORY_MIB = 768;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(90);

    public GuestSpec {
        Objects.requireNonNull(script, "script");
        Objects.requireNonNull(timeout, "timeout");
        extraQemuArgs = List.copyOf(Objects.requireNonNull(extraQemuArgs, "extraQemuArgs"));
        if (memoryMiB < 128) {
            throw new IllegalArgumentException("memoryMiB " + memoryMiB + " is too small: the kernel alone wants 128");
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
        if (sharedRw != null) {
            sharedRw = sharedRw.toAbsolutePath().normalize();
            if (!Files.isDirectory(sharedRw)) {
                throw new IllegalArgumentException("sharedRw " + sharedRw + " is not a directory: create it first");
            }
            QemuCommand.requirePlainPath(sharedRw);
        }
    }

    /** The script with defaults: no shared dir, {@value #DEFAULT_MEMORY_MIB} MiB, 90 s, no extra QEMU args. */
    public static GuestSpec of(String script) {
        return new GuestSpec(script, null, DEFAULT_MEMORY_MIB, DEFAULT_TIMEOUT, List.of());
    }

    public GuestSpec withSharedRw(Path dir) {
        return new GuestSpec(script, dir, memoryMiB, timeout, extraQemuArgs);
    }

    public GuestSpec withMemoryMiB(int mib) {
        return new GuestSpec(script, sharedRw, mib, timeout, extraQemuArgs);
    }

    public GuestSpec withTimeout(Duration limit) {
        return new GuestSpec(script, sharedRw, memoryMiB, limit, extraQemuArgs);
    }

    public GuestSpec withExtraQemuArgs(String... args) {
        return new GuestSpec(script, sharedRw, memoryMiB, timeout, List.of(args));
    }
}
