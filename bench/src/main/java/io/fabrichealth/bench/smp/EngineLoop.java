package io.fabrichealth.bench.smp;

import io.fabrichealth.bench.JitQuiet;
import io.fabrichealth.probes.mad.MadRequest;
import io.fabrichealth.probes.mad.MadRequests;
import io.fabrichealth.probes.mad.SmpRoute;
import io.fabrichealth.probes.smp.engine.EngineSettings;
import io.fabrichealth.probes.smp.engine.EngineStats;
import io.fabrichealth.probes.smp.engine.MadEngine;
import io.fabrichealth.probes.smp.engine.MadOutcome;
import io.fabrichealth.probes.smp.engine.UmadTransport;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The Java side of the MAD/s comparison, run as an ibsim client (child JVM with umad2sim preloaded): the same
 * workload as smp_baseline.c, LID-routed NodeInfo Gets spread round robin over the given LIDs, through the real
 * {@link MadEngine} and its JNI transport. A warm-up runs first, until the JIT has been quiet for a second and the
 * young generation has been collected once: the agent is a long-running JVM.
 *
 * <p>Args: TOTAL WINDOW PER_DEST LID [LID...]; prints the same line as the C loop, and the compiler threads' CPU
 * during the measured window ({@code jit_ticks}, clock ticks).
 */
public final class EngineLoop {

    private EngineLoop() {
    }

    public static void main(String[] args) {
        long total = Long.parseLong(args[0]);
        int window = Integer.parseInt(args[1]);
        int perDest = Integer.parseInt(args[2]);
        int n = args.length - 3;
        MadRequest[] requests = new MadRequest[n];
        String[] names = new String[n];
        for (int i = 0; i < n; i++) {
            int lid = Integer.parseInt(args[3 + i]);
            requests[i] = MadRequests.nodeInfo(SmpRoute.lid(lid));
            names[i] = "lid:" + lid;
        }
        EngineSettings settings = new EngineSettings(window, perDest, Duration.ofMillis(1000), 0, 0);
        try (UmadTransport transport = UmadTransport.open(null, 0)) {
            MadEngine engine = new MadEngine(transport, settings);
            long[] failed = new long[1];
            Consumer<MadOutcome> done = o -> {
                if (!o.answered()) {
                    failed[0]++;
                }
            };
            // The agent is a long-running JVM: measure compiled code, not the interpreter or C2 at work. The JIT
            // shares the client's one pinned core, so warm up until it has compiled nothing and used no CPU for a
            // second (at least -Dsmp.warmupMillis, default 3 s; at most 60 s). And until the young generation has
            // been collected once: before that, every 4 KiB the engine allocates lands on a page the JVM has never
            // touched, and the kernel's page faults (about one per 20 MADs) went into Java's CPU per MAD.
            JitQuiet jit = new JitQuiet();
            long start = System.nanoTime();
            long minNanos = Long.getLong("smp.warmupMillis", 3000) * 1_000_000;
            while (System.nanoTime() - start < 60_000_000_000L) {
                batch(engine, requests, names, 5_000, done);
                if (jit.quietFor(1_000_000_000L) && System.nanoTime() - start >= minNanos && collections() > 0) {
                    break;
                }
            }
            EngineStats before = engine.stats();
            long jit0 = JitQuiet.compilerTicks();
            long cpu0 = ProcessCpu.nanos();
            long[] fus0 = ProcessCpu.faultsUserSystem();
            long alloc0 = allocatedBytes();
            long t0 = System.nanoTime();
            batch(engine, requests, names, total, done);
            long t1 = System.nanoTime();
            double seconds = (t1 - t0) / 1e9;
            double cpuMicrosPerMad = (ProcessCpu.nanos() - cpu0) / 1e3 / total;
            long jitTicks = JitQuiet.compilerTicks() - jit0;
            double allocPerMad = (allocatedBytes() - alloc0) / (double) total;
            long[] fus = ProcessCpu.faultsUserSystem();
            long user = fus[1] - fus0[1];
            long system = fus[2] - fus0[2];
            EngineStats after = engine.stats();
            System.out.printf(Locale.ROOT, "mads=%d seconds=%.6f mads_per_second=%.1f timeouts=%d maxLocal=%d "
                    + "maxPerDest=%d cpu_us_per_mad=%.2f sys_share=%.2f minflt=%d jit_ticks=%d "
                    + "alloc_bytes_per_mad=%.0f window=%.6f,%.6f%n",
                    after.sent() - before.sent(), seconds,
                    total / seconds,
                    after.timeouts() - before.timeouts(), after.maxInFlightLocal(), after.maxInFlightPerDestination(),
                    cpuMicrosPerMad, system / (double) Math.max(1, user + system), fus[0] - fus0[0], jitTicks,
                    allocPerMad, t0 / 1e9, t1 / 1e9);
        }
    }

    /** Bytes this thread has allocated so far: the engine's garbage per MAD, submits included. */
    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    private static long collections() {
        long n = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, gc.getCollectionCount());
        }
        return n;
    }

    /**
     * {@code count} Gets round robin over the destinations, made as answers come in, as the C loop makes each request
     * just before it sends it: twice the window is queued or in flight at any time, and each answer's callback
     * submits the next. Queuing all of them up front kept {@code count} Exchanges alive through every young
     * collection of the measured window, and copying them was most of the collector's 2.3% of Java's CPU per MAD.
     */
    static void batch(MadEngine engine, MadRequest[] requests, String[] names, long count,
            Consumer<MadOutcome> done) {
        Feeder feeder = new Feeder(engine, requests, names, count, done);
        long first = Math.min(count, 2L * engine.settings().window());
        for (long i = 0; i < first; i++) {
            feeder.submitNext();
        }
        engine.run();
    }

    private static final class Feeder implements Consumer<MadOutcome> {
        private final MadEngine engine;
        private final MadRequest[] requests;
        private final String[] names;
        private final long count;
        private final Consumer<MadOutcome> done;
        private long submitted;

        Feeder(MadEngine engine, MadRequest[] requests, String[] names, long count, Consumer<MadOutcome> done) {
            this.engine = engine;
            this.requests = requests;
            this.names = names;
            this.count = count;
            this.done = done;
        }

        void submitNext() {
            int d = (int) (submitted++ % requests.length);
            engine.submit(requests[d], names[d], this);
        }

        @Override
        public void accept(MadOutcome outcome) {
            done.accept(outcome);
            if (submitted < count) {
                submitNext();
            }
        }
    }
}
