package io.fabrichealth.testbed.guest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The QEMU command line for one run. KVM does not work on these hosts (nested PVM), so this is TCG;
 * the kernel flags trim work that costs real time under emulation.
 */
final class QemuCommand {

    static final String CONSOLE_LOG = "console.log";
    static final String OUTPUT_LOG = "output.log";
    static final String STATUS_LOG = "status.log";

    /** The outer `timeout` only guards against a dead JVM; the launcher's own, shorter limit fires first. */
    static final long OUTER_GRACE_SECONDS = 30;

    // quiet keeps the console short; mitigations=off, tsc=reliable and no_timer_check save boot time under TCG;
    // panic=-1 with -no-reboot turns a panic (e.g. init dying) into a QEMU exit instead of a hang.
    private static final String KERNEL_FLAGS =
            "console=ttyS0 quiet panic=-1 mitigations=off nokaslr tsc=reliable no_timer_check";

    private QemuCommand() {
    }

    static List<String> build(GuestImage image, GuestSpec spec, Path runDir) {
        requirePlainPath(runDir);
        List<String> cmd = new ArrayList<>();
        cmd.add(HostTools.require("timeout", "coreutils").toString());
        cmd.addAll(List.of("-s", "KILL", Long.toString(spec.timeout().toSeconds() + OUTER_GRACE_SECONDS)));
        cmd.add(HostTools.require("qemu-system-x86_64", "qemu-system-x86").toString());
        cmd.addAll(List.of("-name", runDir.getFileName().toString(),
                "-accel", "tcg,thread=multi", "-cpu", "max",
                // Two vCPUs: a busy-polling verbs client and server on one vCPU see 4 ms latencies (scheduler ticks).
                "-smp", "2",
                "-m", spec.memoryMiB() + "M",
                "-nodefaults", "-no-user-config", "-display", "none", "-no-reboot",
                "-kernel", image.vmlinux().toString(),
                "-initrd", image.initramfs().toString(),
                "-append", cmdline(spec, runDir),
                // Serial ports in order: ttyS0 console, ttyS1 script output, ttyS2 exit status.
                "-serial", "file:" + runDir.resolve(CONSOLE_LOG),
                "-serial", "file:" + runDir.resolve(OUTPUT_LOG),
                "-serial", "file:" + runDir.resolve(STATUS_LOG),
                "-virtfs", "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap"));
        if (spec.sharedRw() != null) {
            cmd.addAll(List.of("-virtfs", "local,path=" + spec.sharedRw()
                    + ",mount_tag=fhshared,security_model=none,multidevs=remap"));
        }
        cmd.addAll(spec.extraQemuArgs());
        return cmd;
    }

    private static String cmdline(GuestSpec spec, Path runDir) {
        String line = KERNEL_FLAGS + " fh.run=" + runDir;
        return spec.sharedRw() == null ? line : line + " fh.shared=" + spec.sharedRw();
    }

    /** Paths travel on the kernel command line and in QEMU's comma-separated options. */
    static void requirePlainPath(Path path) {
        String s = path.toString();
        if (!path.isAbsolute() || s.chars().anyMatch(c -> Character.isWhitespace(c) || c == ',' || c == '"')) {
            throw new IllegalArgumentException(path + " must be absolute and free of spaces, commas and quotes "
                    + "to pass through QEMU options and the kernel command line");
        }
    }
}
