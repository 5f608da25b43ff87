package io.fabrichealth.bench.smp;

import io.fabrichealth.bench.JitQuiet;
import io.fabrichealth.probes.mad.MadRequest;
import io.fabrichealth.probes.mad.MadRequests;
import io.fabrichealth.probes.mad.SmpRoute;
import io.fabrichealth.probes.smp.engine.EngineSettings;
import io.fabrichealth.probes.smp.engine.MadEngine;
import io.fabrichealth.probes.smp.engine.MadOutcome;
import io.fabrichealth.probes.smp.engine.UmadTransport;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * {@link EngineLoop}'s workload in one long-lived JVM, for rounds that alternate with another measurement: warms up
 * once (as EngineLoop does), then reads {@code TOTAL DEPTH} lines on stdin and answers each with EngineLoop's line
 * for TOTAL NodeInfo Gets to the LID given as argument, at DEPTH in flight (window = per destination = DEPTH).
 * A new JVM per round would spend most of it in the JIT; the agent it is compared with is warm too.
 *
 * <p>Args: LID. Ends at EOF.
 */
public final class EngineRounds {

    private EngineRounds() {
    }

    public static void main(String[] args) throws Exception {
        int lid = Integer.parseInt(args[0]);
        MadRequest[] requests = {MadRequests.nodeInfo(SmpRoute.lid(lid))};
        String[] names = {"lid:" + lid};
        long[] failed = new long[1];
        Consumer<MadOutcome> done = o -> {
            if (!o.answered()) {
                failed[0]++;
            }
        };
        try (UmadTransport transport = UmadTransport.open(null, 0)) {
            MadEngine engine = new MadEngine(transport, new EngineSettings(2, 2, Duration.ofMillis(1000), 0, 0));
            // As EngineLoop: at least -Dsmp.warmupMillis (default 5 s), and until the JIT is quiet (at most 30 s).
            JitQuiet jit = new JitQuiet();
            long start = System.nanoTime();
            long minNanos = Long.getLong("smp.warmupMillis", 5000) * 1_000_000;
            while (System.nanoTime() - start < 30_000_000_000L) {
                EngineLoop.batch(engine, requests, names, 5_000, done);
                if (jit.quietFor(1_000_000_000L) && System.nanoTime() - start >= minNanos) {
                    break;
                }
            }
            System.out.println("ready");
            System.out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            for (String line; (line = in.readLine()) != null; ) {
                String[] f = line.trim().split(" ");
                long total = Long.parseLong(f[0]);
                int depth = Integer.parseInt(f[1]);
                engine.configure(new EngineSettings(depth, depth, Duration.ofMillis(1000), 0, 0));
                long sent = engine.stats().sent();
                long t0 = System.nanoTime();
                EngineLoop.batch(engine, requests, names, total, done);
                double seconds = (System.nanoTime() - t0) / 1e9;
                System.out.printf(Locale.ROOT, "mads=%d seconds=%.6f mads_per_second=%.1f failed=%d%n",
                        engine.stats().sent() - sent, seconds, total / seconds, failed[0]);
                System.out.flush();
            }
        }
    }
}
