package io.fabrichealth.bench.smp;

import io.fabrichealth.config.SmpConfig;
import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.probes.ProbeResult;
import io.fabrichealth.probes.smp.SmpSnapshot;
import io.fabrichealth.probes.smp.SmpSweepProbe;

/**
 * The Java side of the full-sweep comparison, as an ibsim client: the agent's SMP probe with its default config
 * (window 64, 2 per destination) sweeps the fabric: directed-route discovery (NodeInfo, NodeDescription, PortInfo
 * of every port) and PMA PortCounters/PortCountersExtended of every linked port. The first sweep is cold (fresh
 * JVM, no ClassPortInfo cached); later ones are what a running agent does every interval.
 *
 * <p>Args: SWEEPS; prints one line per sweep.
 */
public final class SweepLoop {

    private SweepLoop() {
    }

    public static void main(String[] args) {
        int sweeps = Integer.parseInt(args[0]);
        try (SmpSweepProbe probe = SmpSweepProbe.onUmad(null, 0, SmpConfig.DEFAULTS, AlarmSink.NONE)) {
            long sentBefore = 0;
            for (int i = 1; i <= sweeps; i++) {
                long t0 = System.nanoTime();
                ProbeResult r = probe.check();
                double ms = (System.nanoTime() - t0) / 1e6;
                SmpSnapshot s = probe.snapshot();
                long withCounters = s.ports().stream().filter(p -> !p.counters().isEmpty()).count();
                System.out.printf(java.util.Locale.ROOT,
                        "sweep=%d mode=%s millis=%.1f status=%s nodes=%d ports=%d portsWithCounters=%d mads=%d timeouts=%d "
                        + "rttP50Micros=%d rttP99Micros=%d maxInFlight=%d%n",
                        i, s.mode(), ms, r.status(), s.nodesSeen(), s.portsSeen(), withCounters, s.engine().sent() - sentBefore,
                        s.engine().timeouts(), s.engine().rtt().p50Micros(), s.engine().rtt().p99Micros(),
                        s.engine().maxInFlightLocal());
                sentBefore = s.engine().sent();
            }
        }
    }
}
