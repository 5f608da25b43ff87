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
