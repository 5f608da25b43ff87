package io.fabrichealth.testbed.guest;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** The host programs the launcher needs, found on PATH, each with the package that provides it. */
final class HostTools {

    private static final List<String> SYSTEM_PATH = List.of("/usr/local/sbin", "/usr/local/bin", "/usr/sbin",
            "/usr/bin", "/sbin", "/bin");
    private static final int PT_INTERP = 3;

    private HostTools() {
    }

    /** The executable {@code name}, or a GuestException naming the Debian package to install. */
    static Path require(String name, String debianPackage) {
        return find(name).orElseThrow(() -> new GuestException(
                name + " not found on PATH: apt-get install " + debianPackage));
    }

    static Optional<Path> find(String name) {
        String path = System.getenv().getOrDefault("PATH", "");
        return Stream.concat(List.of(path.split(File.pathSeparator)).stream(), SYSTEM_PATH.stream())
                .filter(dir -> !dir.isEmpty())
                .map(dir -> Path.of(dir, name))
                .filter(Files::isExecutable)
                .findFirst();
    }

    /** busybox becomes the guest's PID 1 before any library is reachable, so it must be static. */
    static Path staticBusybox() {
        Path busybox = require("busybox", "busybox-static");
        try {
            if (hasInterpreter(busybox)) {
                throw new GuestException(busybox + " is dynamically linked: apt-get install busybox-static");
            }
        } catch (IOException e) {
            throw new GuestException("cannot read " + busybox + ": " + e.getMessage(), e);
        }
        return busybox.toAbsolutePath();
    }

    /** Whether an x86-64 ELF file names a dynamic loader (has a PT_INTERP program header). */
    static boolean hasInterpreter(Path elf) throws IOException {
        try (FileChannel ch = FileChannel.open(elf)) {
            ByteBuffer header = read(ch, 0, 64);
            if (header.getInt(0) != 0x464c457f) {
                throw new IOException(elf + " is not an ELF file");
            }
            long phoff = header.getLong(0x20);
            int phentsize = Short.toUnsignedInt(header.getShort(0x36));
            int phnum = Short.toUnsignedInt(header.getShort(0x38));
            ByteBuffer table = read(ch, phoff, phentsize * phnum);
            for (int i = 0; i < phnum; i++) {
                if (table.getInt(i * phentsize) == PT_INTERP) {
                    return true;
                }
            }
            return false;
        }
    }

    private static ByteBuffer read(FileChannel ch, long position, int size) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        while (buf.hasRemaining() && ch.read(buf, position + buf.position()) > 0) {
            // keep reading until full or EOF
        }
        if (buf.hasRemaining()) {
            throw new IOException("truncated ELF header");
        }
        return buf.flip();
    }

    /** Runs a short host command to completion (stdin may be null), failing with its stderr on a non-zero exit. */
    static void exec(List<String> command, Path stdin, Path stdout, Path workDir) {
        Path stderr = stdout.resolveSibling(stdout.getFileName() + ".err");
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(workDir == null ? null : workDir.toFile())
                .redirectInput(stdin == null ? new File("/dev/null") : stdin.toFile())
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile());
        try {
            Process p = pb.start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                throw new GuestException(String.join(" ", command) + " did not finish in 120 s");
            }
            if (p.exitValue() != 0) {
                throw new GuestException(String.join(" ", command) + " exited " + p.exitValue() + ": "
                        + Files.readString(stderr).strip());
            }
            Files.delete(stderr);
        } catch (IOException e) {
            throw new GuestException("cannot run " + command.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GuestException("interrupted while running " + command.get(0), e);
        }
    }
}
