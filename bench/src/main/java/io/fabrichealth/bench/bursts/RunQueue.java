package io.fabrichealth.bench.bursts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How many threads were runnable, on average, while a pair ran: /proc/stat's procs_running sampled every
 * 10 ms by a daemon thread. A burst keeps two threads spinning (Java's or C's) and the sampler counts
 * itself, so about 3 means the two cores were ours; more means another process took turns on them, and
 * on two cores that swings a single run by 2x whichever side it hits.
 */
final class RunQueue implements AutoCloseable {
    private static final Path STAT = Path.of("/proc/stat");

    private final Thread sampler = new Thread(this::sample, "bench-run-queue");
    private volatile boolean running = true;
    private long sum;
    private long count;

    RunQueue() {
        sampler.setDaemon(true);
        sampler.start();
    }

    /** Mean procs_running since the last call (0 when nothing was sampled), and a fresh window. */
    synchronized double take() {
        double mean = count == 0 ? 0 : (double) sum / count;
        sum = 0;
        count = 0;
        return mean;
    }

    private void sample() {
        while (running) {
            int n = procsRunning();
            if (n >= 0) {
                synchronized (this) {
                    sum += n;
                    count++;
                }
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static int procsRunning() {
        try {
            for (String line : Files.readAllLines(STAT)) {
                if (line.startsWith("procs_running ")) {
                    return Integer.parseInt(line.substring(14).trim());
                }
            }
        } catch (IOException | NumberFormatException e) {
            // no /proc: every pair then counts as quiet
        }
        return -1;
    }

    @Override
    public void close() {
        running = false;
        sampler.interrupt();
    }
}
