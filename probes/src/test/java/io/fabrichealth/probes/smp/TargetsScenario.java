package io.fabrichealth.probes.smp;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.SmpConfig;
import io.fabrichealth.config.SmpTarget;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * In the child JVM, on the bundled fabric: with explicit targets (a LID and two DR paths, like smp_mad_stress's
 * -L list) the sweep reads exactly those nodes, walks nowhere else, and still reads their counters. A MAD/s cap
 * stretches the sweep to at least MADs / cap.
 */
public final class TargetsScenario {

    public static void main(String[] args) {
        int leafB;
        try (SmpSweepProbe discovery = Sweeps.probe(SmpConfig.DEFAULTS, new Sweeps.Recorded())) {
            leafB = Sweeps.node(Sweeps.sweep(discovery), "leaf-b").lid();
        }
        List<SmpTarget> targets = List.of(SmpTarget.parse("lid:" + leafB), SmpTarget.parse("dr:0,1"),
                SmpTarget.parse("dr:0,1,7,1"));
        SmpConfig config = new SmpConfig(64, 2, Duration.ofMillis(1000), 3, 0, targets, Map.of(), false);
        try (SmpSweepProbe probe = Sweeps.probe(config, new Sweeps.Recorded())) {
            Sweeps.sweep(probe);
            SmpSnapshot s = Sweeps.sweep(probe);
            assertThat(s.mode()).isEqualTo("targets");
            assertThat(s.nodes()).extracting(NodeSnapshot::description)
                    .containsExactlyInAnyOrder("leaf-b", "leaf-a", "node03");
            assertThat(s.linksSeen()).as("targets are not walked").isZero();
            assertThat(s.ports()).hasSize(8 + 8 + 1);
            assertThat(Sweeps.port(s, "node03", 1).counters()).isNotEmpty();
            assertThat(Sweeps.port(s, "leaf-b", 7).counters()).isNotEmpty();
            assertThat(Sweeps.node(s, "leaf-b").route()).isEqualTo("LID " + leafB);
            assertThat(Sweeps.node(s, "node03").route()).isEqualTo("DR 0,1,7,1");
            System.out.println("targetsSweepMillis=" + s.sweepDurationMillis());
        }
        int cap = 1000;
        SmpConfig capped = new SmpConfig(64, 2, Duration.ofMillis(1000), 3, cap, List.of(), Map.of(), false);
        try (SmpSweepProbe probe = Sweeps.probe(capped, new Sweeps.Recorded())) {
            Sweeps.sweep(probe);
            long before = probe.snapshot().engine().sent();
            SmpSnapshot s = Sweeps.sweep(probe);
            long mads = s.engine().sent() - before;
            double floorMillis = (mads - 1) * 1000.0 / cap;
            System.out.println("cappedSweep=" + mads + "_MADs_in_" + s.sweepDurationMillis() + "_ms");
            assertThat((double) s.sweepDurationMillis()).as("%d MADs at %d MAD/s", mads, cap)
                    .isGreaterThanOrEqualTo(floorMillis - 1);
        }
        System.out.println("targets=ok");
    }
}
