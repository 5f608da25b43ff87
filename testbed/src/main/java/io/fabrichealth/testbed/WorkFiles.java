package io.fabrichealth.testbed;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Small file chores of the fixtures: fifos, log tails, throwaway folders. */
final class WorkFiles {

    /** Children get no stdin from us: a pipe from the JVM would only hold a descriptor open. */
    static final ProcessBuilder.Redirect DEV_NULL = ProcessBuilder.Redirect.from(new java.io.File("/dev/null"));

    private WorkFiles() {
    }

    /** Creates a named pipe; the JDK has no mkfifo, so coreutils does it. */
    static void mkfifo(Path fifo) throws IOException {
        Files.deleteIfExists(fifo);
        Process p = new ProcessBuilder(Prerequisites.command("mkfifo").toString(), "-m", "600", fifo.toString())
                .redirectErrorStream(true).start();
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("mkfifo " + fifo + " did not finish in 10 s");
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (p.exitValue() != 0) {
                throw new IOException("mkfifo " + fifo + " failed: " + out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IOException("interrupted during mkfifo " + fifo, e);
        }
    }

    /** The last {@code maxLines} lines of a text file, or a note saying why there are none. */
    static String tail(Path file, int maxLines) {
        if (file == null || !Files.exists(file)) {
            return "(no " + file + ")";
        }
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long len = f.length();
            long from = Math.max(0, len - 16_384);
            byte[] b = new byte[(int) (len - from)];
            f.seek(from);
            f.readFully(b);
            String[] lines = new String(b, StandardCharsets.UTF_8).split("\n");
            int start = Math.max(0, lines.length - maxLines);
            return String.join("\n", java.util.Arrays.copyOfRange(lines, start, lines.length));
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e.getMessage() + ")";
        }
    }

    static void deleteRecursively(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            System.err.println("fabric-health testbed: could not delete " + dir + ": " + e.getMessage());
        }
    }

    /** Deletes the {@code sys-<pid>} folders umad2sim leaves in a client's working directory. */
    static void deleteUmadSysDirs(Path dir) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(p -> p.getFileName().toString().startsWith("sys-") && Files.isDirectory(p))
                    .forEach(WorkFiles::deleteRecursively);
        } catch (IOException e) {
            System.err.println("fabric-health testbed: could not list " + dir + ": " + e.getMessage());
        }
    }
}
