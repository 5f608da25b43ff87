package io.fabrichealth.agent.families;

import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.jni.NativeFamily;
import io.fabrichealth.mbeans.metrics.PortMetrics;
import io.fabrichealth.mbeans.smp.SmpMBeans;
import io.fabrichealth.probes.smp.SmpSweepProbe;
import io.fabrichealth.probes.smp.SweepShare;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The SMP sweep over the local CA and port, with its Port, Node and SmpProbe MBeans and the port metrics. In a
 * fleet the MBeans show the whole fabric and the metrics only what this agent swept (fleet.exportFleet: all).
 */
final class SmpWiring implements FamilyWiring {
    private static final System.Logger LOG = System.getLogger(SmpWiring.class.getName());

    @Override
    public Consumer<FabricHealthConfig> wire(Wiring w) {
        FabricHealthConfig cfg = w.config();
        if (!w.loaded(NativeFamily.UMAD, ProbeFamily.SMP_SWEEP, "SMP sweeps need libibumad")) {
            return NOT_STARTED;
        }
        // The umad port opens at the first sweep, on the schedule's thread, never during deployment.
        // In a fleet the sweep shares the fabric through the grid; alone, it sweeps everything under its own name.
        SweepShare share = w.fleet().sweeps();
        SmpSweepProbe smp = w.keep(SmpSweepProbe.onUmad(cfg.fabric().ca(), cfg.fabric().port(), cfg.smp(),
                w.book().sink(), share));
        SmpMBeans beans = w.keep(SmpMBeans.attach(smp, w.registry()));
        w.metrics().register(new PortMetrics(smp::snapshot, share::othersPorts, cfg.fleet().exportFleet(), share::owns));
        w.probes().whole(ProbeFamily.SMP_SWEEP, smp);
        if (w.fleet().joined()) {
            ScheduledExecutorService fleetView = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "fabric-health-fleet-sweeps");
                t.setDaemon(true);
                return t;
            });
            w.keep(fleetView::shutdownNow);
            // Nodes handed over by a member that died or left are swept at once, not a period later.
            w.fleet().onNodesGained(() -> fleetView.execute(smp::execute));
            // Others' sweeps show here within seconds, not only after this agent's own next sweep.
            fleetView.scheduleWithFixedDelay(() -> {
                try {
                    beans.refresh();
                } catch (RuntimeException e) { // a grid read that failed: the next refresh tries again
                    LOG.log(System.Logger.Level.WARNING, "refreshing the fleet's Port and Node MBeans failed", e);
                }
            }, 2, 2, TimeUnit.SECONDS);
        }
        return next -> smp.configure(next.smp());
    }
}
