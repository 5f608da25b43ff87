package io.fabrichealth.testbed;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Talks to ibsim's console through its stdin fifo and its log, so any process that knows the two paths can use it
 * (the CLI {@code ./fabric-health sim 'CMD'} runs in another JVM than the fabric).
 *
 * <p>ibsim answers on stdout, which goes to the log, and then prints its prompt {@code "sim> "}. We note the log's
 * size, write the command, and read what the log gains: the answer is complete when it ends with a prompt, or when
 * the log has been quiet for {@code quiet}. A file lock next to the fifo keeps two senders' answers apart.
 */
public final class SimConsole {

    /** ibsim reads console lines into a 128-byte buffer, newline included. */
    public static final int MAX_COMMAND_LENGTH = 127;

    static final String PROMPT = "sim> ";

    private static final long POLL_MILLIS = 2;
    private static final Map<Path, Object> LOCAL_LOCKS = new ConcurrentHashMap<>();

    private SimConsole() {
    }

    /**
     * Sends one console command and returns ibsim's answer without its prompts (empty if it printed nothing, as
     * {@code Unlink} does on success, or if it stayed silent for {@code max}, as it does during {@code Wait}).
     */
    public static String send(Path fifo, Path log, String command, Duration quiet, Duration max) {
        check(command);
        if (!Files.exists(fifo)) {
            throw new IllegalStateException("ibsim console fifo " + fifo + " does not exist: is the simulator running?");
        }
        // A FileLock keeps other processes out but throws on a second lock in this JVM, so threads queue first.
        synchronized (LOCAL_LOCKS.computeIfAbsent(fifo.toAbsolutePath().normalize(), k -> new Object())) {
            try (FileChannel lockFile = FileChannel.open(lockPath(fifo), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
                 FileLock ignored = lockFile.lock()) {
                long from = Files.size(log);
                write(fifo, command);
                return stripPrompts(collect(log, from, quiet, max));
            } catch (IOException e) {
                throw new UncheckedIOException("ibsim console " + fifo + ": " + e.getMessage(), e);
            }
        }
    }

    /** Refuses what ibsim would silently cut or split: long lines and embedded newlines. */
    static void check(String command) {
        if (command == null || command.isBlank()) {
            throw new IllegalArgumentException("empty ibsim console command; try \"help\"");
        }
        if (command.indexOf('\n') >= 0 || command.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("one ibsim console command per call, without newlines: " + command);
        }
        int len = command.getBytes(StandardCharsets.UTF_8).length;
        if (len > MAX_COMMAND_LENGTH) {
            throw new IllegalArgumentException("ibsim console lines hold at most " + MAX_COMMAND_LENGTH
                    + " characters, this one has " + len + "; split it into several commands: " + command);
        }
    }

    private static Path lockPath(Path fifo) {
        return fifo.resolveSibling(fifo.getFileName() + ".lock");
    }

    /**
     * Opens the fifo read-write: that never blocks, even when ibsim is gone (a write-only open would wait forever
     * for a reader), and the bytes go to ibsim in one write because a line is far below PIPE_BUF.
     */
    private static void write(Path fifo, String command) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(fifo.toFile(), "rw")) {
            f.write((command + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }

    private static String collect(Path log, long from, Duration quiet, Duration max) throws IOException {
        long deadline = System.nanoTime() + max.toNanos();
        long lastChange = System.nanoTime();
        StringBuilder out = new StringBuilder();
        long pos = from;
        try (FileChannel ch = FileChannel.open(log, StandardOpenOption.READ)) {
            ByteBuffer buf = ByteBuffer.allocate(8192);
            while (true) {
                long size = ch.size();
                if (size > pos) {
                    buf.clear();
                    int n = ch.read(buf, pos);
                    if (n > 0) {
                        pos += n;
                        out.append(new String(buf.array(), 0, n, StandardCharsets.UTF_8));
                        lastChange = System.nanoTime();
                        if (out.toString().endsWith(PROMPT)) {
                            return out.toString();
                        }
                        continue;
                    }
                }
                long now = System.nanoTime();
                if (now >= deadline || (out.length() > 0 && now - lastChange >= quiet.toNanos())) {
                    return out.toString();
                }
                sleep();
            }
        }
    }

    /** ibsim prints a prompt before and after each answer, sometimes several on one line. */
    static String stripPrompts(String raw) {
        StringBuilder b = new StringBuilder();
        for (String line : raw.replace(PROMPT, "").split("\n")) {
            if (!line.isBlank()) {
                b.append(line.stripTrailing()).append('\n');
            }
        }
        return b.toString().stripTrailing();
    }

    private static void sleep() {
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for ibsim's answer", e);
        }
    }
}
