package io.fabrichealth.bench.smp;

import io.fabrichealth.bench.JitQuiet;
import io.fabrichealth.jni.MadAddress;
import io.fabrichealth.jni.UmadPort;
import io.fabrichealth.probes.mad.MadRequest;
import io.fabrichealth.probes.mad.MadRequests;
import io.fabrichealth.probes.mad.SmpRoute;
import io.fabrichealth.probes.smp.engine.UmadTransport;
import java.nio.ByteBuffer;
import java.util.Locale;

/**
 * The floor under {@link EngineLoop} at 1 in flight: the same NodeInfo Gets through the same JNI binding
 * ({@link UmadTransport}), one at a time, with no engine (no queues, deadlines, RTT histograms or decoding; an
 * answer is matched by its TID only). {@code -Dsmp.java=binding} runs it in place of the engine, so that the SMP
 * bench's ratio splits into what the binding and the JVM cost and what the engine adds.
 *
 * <p>Args and output as {@link EngineLoop}'s; WINDOW and PER_DEST are ignored (always 1 in flight).
 */
public final class BindingLoop {

    private BindingLoop() {
    }

    public static void main(String[] args) {
        long total = Long.parseLong(args[0]);
        int n = args.length - 3;
        MadRequest[] requests = new MadRequest[n];
        MadAddress[] to = new MadAddress[n];
        for (int i = 0; i < n; i++) {
            requests[i] = MadRequests.nodeInfo(SmpRoute.lid(Integer.parseInt(args[3 + i])));
            to[i] = MadAddress.lidRoutedSmp(requests[i].destinationLid());
        }
        ByteBuffer out = ByteBuffer.allocateDirect(UmadPort.MAD_SIZE);
        ByteBuffer in = ByteBuffer.allocateDirect(UmadPort.RECV_SLOT_SIZE);
        try (UmadTransport transport = UmadTransport.open(null, 0)) {
            Loop loop = new Loop(transport, requests, to, out, in);
            JitQuiet jit = new JitQuiet(); // as EngineLoop: at least 3 s, and until the JIT is quiet (at most 60 s)
            long start = System.nanoTime();
            long minNanos = Long.getLong("smp.warmupMillis", 3000) * 1_000_000;
            while (System.nanoTime() - start < 60_000_000_000L) {
                loop.run(5_000);
                if (jit.quietFor(1_000_000_000L) && System.nanoTime() - start >= minNanos) {
                    break;
                }
            }
            long jit0 = JitQuiet.compilerTicks();
            long cpu0 = ProcessCpu.nanos();
            long[] fus0 = ProcessCpu.faultsUserSystem();
            long t0 = System.nanoTime();
            long unanswered = loop.run(total);
            long t1 = System.nanoTime();
            double seconds = (t1 - t0) / 1e9;
            double cpuMicrosPerMad = (ProcessCpu.nanos() - cpu0) / 1e3 / total;
            long[] fus = ProcessCpu.faultsUserSystem();
            long user = fus[1] - fus0[1];
            long system = fus[2] - fus0[2];
            System.out.printf(Locale.ROOT, "mads=%d seconds=%.6f mads_per_second=%.1f timeouts=%d "
                    + "cpu_us_per_mad=%.2f sys_share=%.2f minflt=%d jit_ticks=%d window=%.6f,%.6f%n", total,
                    seconds,
                    total / seconds, unanswered, cpuMicrosPerMad, system / (double) Math.max(1, user + system),
                    fus[0] - fus0[0], JitQuiet.compilerTicks() - jit0, t0 / 1e9, t1 / 1e9);
        }
    }

    private static final class Loop {
        private final UmadTransport transport;
        private final MadRequest[] requests;
        private final MadAddress[] to;
        private final ByteBuffer out;
        private final ByteBuffer in;
        private int tid = 0x5a000000;

        Loop(UmadTransport transport, MadRequest[] requests, MadAddress[] to, ByteBuffer out, ByteBuffer in) {
            this.transport = transport;
            this.requests = requests;
            this.to = to;
            this.out = out;
            this.in = in;
        }

        /** Sends {@code count} Gets round robin, each after the last one's answer; returns how many went unanswered. */
        long run(long count) {
            long unanswered = 0;
            for (long i = 0; i < count; i++) {
                int d = (int) (i % requests.length);
                int id = ++tid;
                requests[d].encode(out, 0, Integer.toUnsignedLong(id));
                out.clear();
                transport.send(out, to[d], 1000);
                // The TID sits at bytes 12..15 of the MAD, after the slot's 8-byte receipt.
                if (transport.receiveBatch(in, 1, 1000) != 1 || in.getInt(UmadPort.RECV_SLOT_MAD + 12) != id) {
                    unanswered++;
                }
            }
            return unanswered;
        }
    }
}
