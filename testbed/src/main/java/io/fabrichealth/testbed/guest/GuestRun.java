package io.fabrichealth.testbed.guest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** One boot: a private run directory, QEMU under a deadline, and the three serial files read back. */
final class GuestRun {

    private final GuestImage image;
    private final GuestSpec spec;

    GuestRun(GuestImage image, GuestSpec spec) {
        this.image = image;
        this.spec = spec;
    }

    GuestResult execute() throws IOException {
        try (ScratchDir runDir = ScratchDir.create(null, "fh-guest-")) {
            // The guest reads the script through its read-only view of the host's /, at the same path.
            Files.writeString(runDir.resolve("script.sh"), spec.script());
            return boot(runDir);
        }
    }

    private GuestResult boot(ScratchDir runDir) throws IOException {
        Path qemuLog = runDir.resolve("qemu.log");
        long start = System.nanoTime();
        Process qemu = new ProcessBuilder(QemuCommand.build(image, spec, runDir.path()))
                .redirectInput(Path.of("/dev/null").toFile())
                .redirectOutput(qemuLog.toFile())
                .redirectErrorStream(true)
                .start();
        boolean exited = false;
        try {
            exited = qemu.waitFor(spec.timeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GuestException("interrupted while the guest ran; QEMU was killed", e);
        } finally {
            if (!exited) {
                kill(qemu);
            }
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        String output = read(runDir.resolve(QemuCommand.OUTPUT_LOG));
        String console = read(runDir.resolve(QemuCommand.CONSOLE_LOG)).replace("\r", "");
        String status = read(runDir.resolve(QemuCommand.STATUS_LOG)).strip();
        if (!exited) {
            return new GuestResult(GuestResult.TIMED_OUT, output, console, took);
        }
        if (!status.matches("\\d+")) {
            throw new GuestException("the guest stopped without an exit status (QEMU exited " + qemu.exitValue()
                    + " after " + took.toMillis() + " ms)" + kernelTrouble(console)
                    + "\n--- qemu ---\n" + GuestResult.tail(read(qemuLog), 10)
                    + "\n--- output tail ---\n" + GuestResult.tail(output, 10)
                    + "\n--- console tail ---\n" + GuestResult.tail(console, 25));
        }
        return new GuestResult(Integer.parseInt(status), output, console, took);
    }

    /** A panic or oops line, which a long stack trace would push out of the console tail. */
    private static String kernelTrouble(String console) {
        return console.lines()
                .filter(line -> line.contains("Kernel panic") || line.contains("BUG:") || line.contains("Oops"))
                .findFirst()
                .map(line -> "; guest kernel: " + line.replaceFirst("^\\[[ 0-9.]+\\] ", ""))
                .orElse("");
    }

    /** Kills QEMU by PID (and the `timeout` wrapping it), then waits so that nothing outlives the run. */
    private static void kill(Process wrapper) {
        wrapper.descendants().forEach(ProcessHandle::destroyForcibly);
        wrapper.destroyForcibly();
        try {
            if (!wrapper.waitFor(10, TimeUnit.SECONDS)) {
                throw new GuestException("QEMU (under pid " + wrapper.pid() + ") survived SIGKILL for 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String read(Path file) throws IOException {
        return Files.exists(file) ? new String(Files.readAllBytes(file), StandardCharsets.UTF_8) : "";
    }
}
