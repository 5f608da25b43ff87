package io.fabrichealth.bench;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether the JIT has gone quiet: neither a finished compilation nor any CPU on the compiler threads for a
 * whole second. The finished-compilation count alone is not enough: on a busy machine one C2 compile of the
 * engine's loop runs for seconds, and a measurement that starts meanwhile runs C1 code and pays for the compile
 * in its CPU per MAD. The compiler threads' CPU comes from /proc/self/task (they are hidden from ThreadMXBean).
 * {@link #compilerTicks(long)} reads another JVM's, such as an agent's on Payara Micro.
 */
public final class JitQuiet {

    private final CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    private long compiled = -1;
    private long compilerTicks = -1;
    private long quietSince;

    /** Call between warm-up batches; true once nothing moved for {@code quietNanos}. */
    public boolean quietFor(long quietNanos) {
        long now = System.nanoTime();
        long c = jit.getTotalCompilationTime();
        long t = compilerTicks();
        if (c != compiled || t != compilerTicks) {
            compiled = c;
            compilerTicks = t;
            quietSince = now;
            return false;
        }
        return now - quietSince >= quietNanos;
    }

    /** utime+stime of this JVM's "C1/C2 CompilerThread" tasks, in clock ticks; -1 without /proc. */
    public static long compilerTicks() {
        return compilerTicks(Path.of("/proc/self/task"));
    }

    /** The same for another JVM on this host, by process id. */
    public static long compilerTicks(long pid) {
        return compilerTicks(Path.of("/proc", Long.toString(pid), "task"));
    }

    private static long compilerTicks(Path taskDir) {
        long sum = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(taskDir)) {
            for (Path task : tasks) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"));
                } catch (IOException gone) {
                    continue; // the thread ended meanwhile
                }
                int open = stat.indexOf('(');
                int close = stat.lastIndexOf(')');
                String comm = stat.substring(open + 1, close);
                if (!comm.contains("CompilerThre")) {
                    continue;
                }
                // After "(comm) ": state is field 3; utime and stime are fields 14 and 15.
                String[] f = stat.substring(close + 2).split(" ");
                sum += Long.parseLong(f[11]) + Long.parseLong(f[12]);
            }
        } catch (IOException e) {
            return -1;
        }
        return sum;
    }
}
