package io.fabrichealth.bench.smp;

import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.bench.JitQuiet;
import io.fabrichealth.config.SmpConfig;
import io.fabrichealth.probes.ProbeResult;
import io.fabrichealth.probes.smp.SmpSnapshot;
import io.fabrichealth.probes.smp.SmpSweepProbe;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The Java side of the full-sweep comparison, as an ibsim client: the agent's SMP probe with its default config
 * (window 64, 2 per destination) sweeps the fabric: directed-route discovery (NodeInfo, NodeDescription, PortInfo
 * of every port) and PMA PortCounters/PortCountersExtended of every linked port. The first sweep is cold (fresh
 * JVM, no ClassPortInfo cached); later ones are what a running agent does every interval. Each line ends with the
 * compiler threads' CPU during the sweep ({@code jitTicks}, clock ticks), so a bench can warm up until the JIT is done.
 *
 * <p>Args: SWEEPS (every one a full walk; prints one line per sweep), or {@code commands}: then each line on stdin,
 * {@code full} or {@code steady}, runs one sweep of that kind and prints its line, until {@code quit} or EOF, so a
 * bench can alternate the agent's sweeps with other tools in one warm JVM.
 */
public final class SweepLoop {

    private SweepLoop() {
    }

    public static void main(String[] args) throws Exception {
        SweepChoice choice = new SweepChoice();
        try (SmpSweepProbe probe = SmpSweepProbe.onUmad(null, 0, SmpConfig.DEFAULTS, AlarmSink.NONE, choice)) {
            long[] sentBefore = {0};
            if (args[0].equals("commands")) {
                BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
                int i = 0;
                for (String line = in.readLine(); line != null && !line.equals("quit"); line = in.readLine()) {
                    choice.steady = line.equals("steady");
                    sweep(probe, ++i, sentBefore);
                }
            } else {
                int sweeps = Integer.parseInt(args[0]);
                for (int i = 1; i <= sweeps; i++) {
                    sweep(probe, i, sentBefore);
                }
            }
        }
    }

    private static void sweep(SmpSweepProbe probe, int i, long[] sentBefore) {
        long jit0 = JitQuiet.compilerTicks();
        long cpu0 = cpuNanos();
        long t0 = System.nanoTime();
        ProbeResult r = probe.check();
        double ms = (System.nanoTime() - t0) / 1e6;
        double cpuMs = (cpuNanos() - cpu0) / 1e6;
        long jitTicks = JitQuiet.compilerTicks() - jit0;
        SmpSnapshot s = probe.snapshot();
        long withCounters = s.ports().stream().filter(p -> !p.counters().isEmpty()).count();
        System.out.printf(Locale.ROOT,
                "sweep=%d mode=%s millis=%.1f cpuMillis=%.1f status=%s nodes=%d ports=%d portsWithCounters=%d mads=%d "
                + "timeouts=%d rttP50Micros=%d rttP99Micros=%d maxInFlight=%d jitTicks=%d%n",
                i, s.mode(), ms, cpuMs, r.status(), s.nodesSeen(), s.portsSeen(), withCounters,
                s.engine().sent() - sentBefore[0], s.engine().timeouts(), s.engine().rtt().p50Micros(),
                s.engine().rtt().p99Micros(), s.engine().maxInFlightLocal(), jitTicks);
        System.out.flush();
        sentBefore[0] = s.engine().sent();
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
