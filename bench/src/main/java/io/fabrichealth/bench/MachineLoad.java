package io.fabrichealth.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * What else the machine was doing while a bench ran, so a figure can be trusted or thrown away: the load average
 * before and after, and the run queue (the kernel's nr_running, as /proc/loadavg gives it, sampled every 10 ms by a
 * daemon thread) over each round. On two cores one busy neighbour swings a single round by 2x, whichever side it
 * hits; the run queue says which rounds it hit. Every bench prints {@link #before()} first, {@link #after()} last,
 * and {@link #take()} per round; ratios are quoted as the {@link #median} of rounds.
 */
public final class MachineLoad implements AutoCloseable {
    private static final Path LOADAVG = Path.of("/proc/loadavg");

    private final Thread sampler = new Thread(this::sample, "bench-run-queue");
    private volatile boolean running = true;
    private long sum;
    private long count;

    private MachineLoad() {
        sampler.setDaemon(true);
    }

    /** Starts sampling the run queue. */
    public static MachineLoad start() {
        MachineLoad load = new MachineLoad();
        load.sampler.start();
        return load;
    }

    /** "load average before: 0.29 0.31 0.40 1/312 4711", to print before the first round. */
    public String before() {
        return "load average before: " + loadAverage();
    }

    /** "load average after: ...", to print after the last round. */
    public String after() {
        return "load average after: " + loadAverage();
    }

    /**
     * Mean nr_running since the last call (0 when nothing was sampled), and a fresh window. The sampler counts
     * itself, so a bench that keeps two threads busy reads about 3 when the machine was otherwise quiet.
     */
    public synchronized double take() {
        double mean = count == 0 ? 0 : (double) sum / count;
        sum = 0;
        count = 0;
        return mean;
    }

    /** The run queue as printed beside a round: "run queue 3.1". */
    public String takeLine() {
        return String.format(Locale.ROOT, "run queue %.1f", take());
    }

    /** The median of rounds (the mean of the middle two for an even count); NaN for none. */
    public static double median(double[] rounds) {
        if (rounds.length == 0) {
            return Double.NaN;
        }
        double[] sorted = rounds.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /** /proc/loadavg as the kernel writes it, or why it could not be read. */
    public static String loadAverage() {
        try {
            return Files.readString(LOADAVG).trim();
        } catch (IOException e) {
            return "unreadable (" + e.getMessage() + ")";
        }
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

    /** /proc/loadavg's fourth field, "running/total": the nr_running that /proc/stat's procs_running shows, cheaper. */
    private static int procsRunning() {
        try {
            String[] fields = Files.readString(LOADAVG).trim().split(" ");
            return Integer.parseInt(fields[3].substring(0, fields[3].indexOf('/')));
        } catch (IOException | RuntimeException e) {
            // no /proc: every round then reads as quiet, and before()/after() say the load was unreadable
        }
        return -1;
    }

    @Override
    public void close() {
        running = false;
        sampler.interrupt();
    }
}
