package io.fabrichealth.probes.smp;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.SmpConfig;
import io.fabrichealth.probes.mad.PortState;

/**
 * In the child JVM, on a small three-tier fat tree (agent at node01-01-01): the first sweep walks the fabric, the
 * next ones are steady-state sweeps that send no NodeInfo (fewer MADs, same ports and counters). An HCA unlinked
 * behind its leaf goes silent and its leaf port Down; relinked, the steady sweep walks through the leaf port that
 * came up (one NodeInfo more than a quiet steady sweep) and knows the cable again.
 */
public final class SteadyStateScenario {
    static final String LEAF = "leaf02-01";
    static final String HOST = "node02-01-02";

    public static void main(String[] args) {
        try (SmpSweepProbe probe = Sweeps.probe(SmpConfig.DEFAULTS, new Sweeps.Recorded())) {
            SmpSnapshot first = Sweeps.sweep(probe);
            long discoveryMads = first.engine().sent();
            assertThat(first.mode()).isEqualTo("discovery");

            SmpSnapshot second = Sweeps.sweep(probe);
            long steadyMads = second.engine().sent() - discoveryMads - retries(first, second);
            assertThat(second.mode()).isEqualTo("steady");
            assertThat(second.ports()).hasSameSizeAs(first.ports());
            assertThat(second.ports()).allSatisfy(p -> assertThat(p.counters()).as(p.nodeDescription() + "[" + p.port()
                    + "]").isNotEmpty());
            assertThat(second.nodesSeen()).isEqualTo(first.nodesSeen());
            // Quiet: the same MADs again, and fewer than the walk by at least one NodeInfo per cable walked.
            SmpSnapshot third = Sweeps.sweep(probe);
            assertThat(third.engine().sent() - second.engine().sent() - retries(second, third)).isEqualTo(steadyMads);
            assertThat(steadyMads).isLessThanOrEqualTo(discoveryMads - first.linksSeen());

            long hostGuid = Sweeps.node(first, HOST).guid();
            assertThat(Sweeps.port(third, LEAF, 2).remoteGuid()).isEqualTo(hostGuid);
            Sim.console("Unlink \"" + HOST + "\"");
            SmpSnapshot down = Sweeps.sweep(probe);
            assertThat(down.mode()).isEqualTo("steady");
            assertThat(Sweeps.port(down, LEAF, 2).portState()).isEqualTo(PortState.DOWN.code());
            assertThat(Sweeps.port(down, LEAF, 2).remoteGuid()).isZero();
            assertThat(down.silentNodes()).isEqualTo(1);

            Sim.console("ReLink \"" + HOST + "\"");
            SmpSnapshot up = Sweeps.sweep(probe);
            assertThat(up.mode()).isEqualTo("steady");
            assertThat(up.silentNodes()).isZero();
            assertThat(Sweeps.port(up, LEAF, 2).remoteGuid()).as("the cable is known again: walked through")
                    .isEqualTo(hostGuid);
            long upMads = up.engine().sent() - down.engine().sent() - retries(down, up);
            assertThat(upMads).as("a quiet steady sweep plus one NodeInfo through the port that came up")
                    .isEqualTo(steadyMads + 1);
            System.out.println("discoveryMads=" + discoveryMads);
            System.out.println("steadyMads=" + steadyMads);
        }
        System.out.println("steady=ok");
    }

    private static long retries(SmpSnapshot before, SmpSnapshot after) {
        return after.engine().retries() - before.engine().retries();
    }
}
