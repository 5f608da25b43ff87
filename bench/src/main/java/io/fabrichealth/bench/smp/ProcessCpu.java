package io.fabrichealth.bench.smp;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU of the whole JVM in nanoseconds, as precise as the C loop's getrusage: the sum of every thread's time on a
 * CPU from /proc/self/task/N/schedstat (what getrusage adds up too). OperatingSystemMXBean's process CPU time
 * counts in 10 ms ticks, which is ±5% on a 20,000-MAD round. Start the JVM with
 * {@code -XX:-UseDynamicNumberOfCompilerThreads}: a thread that ends between two reads takes its time with it.
 */
final class ProcessCpu {
    private static final Path TASKS = Path.of("/proc/self/task");

    private ProcessCpu() {
    }

    /**
     * {minor faults, user ticks, system ticks} of the whole JVM from /proc/self/stat: where the CPU went (the ticks
     * are coarse, but a round spans hundreds of them) and whether the window touched fresh pages.
     */
    static long[] faultsUserSystem() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return new long[] {Long.parseLong(f[7]), Long.parseLong(f[11]), Long.parseLong(f[12])};
        } catch (IOException | RuntimeException e) {
            return new long[3];
        }
    }

    static long nanos() {
        long sum = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                try {
                    String s = Files.readString(task.resolve("schedstat"));
                    sum += Long.parseLong(s.substring(0, s.indexOf(' ')));
                } catch (IOException gone) {
                    // the thread ended meanwhile
                }
            }
            return sum;
        } catch (IOException | RuntimeException e) {
            return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                    .getProcessCpuTime();
        }
    }
}
