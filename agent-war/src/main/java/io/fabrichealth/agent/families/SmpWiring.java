package io.fabrichealth.agent.families;

import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.PeerConfig;
import io.fabrichealth.config.PortGuid;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.fleet.grid.Card;
import io.fabrichealth.fleet.grid.Member;
import io.fabrichealth.jni.NativeFamily;
import io.fabrichealth.mbeans.metrics.PortMetrics;
import io.fabrichealth.mbeans.smp.SmpMBeans;
import io.fabrichealth.probes.local.LocalFabric;
import io.fabrichealth.probes.smp.PortSnapshot;
import io.fabrichealth.probes.smp.RunPaths;
import io.fabrichealth.probes.smp.SmpSweepProbe;
import io.fabrichealth.probes.smp.SweepShare;
import io.fabrichealth.probes.smp.health.IbaCounter;
import io.fabrichealth.probes.smp.health.Verdict;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
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
        AtomicReference<FabricHealthConfig> current = new AtomicReference<>(cfg);
        w.probes().paths(new RunPaths(smp, () -> {
            LocalFabric f = w.state().fabric();
            return f == null ? 0 : f.lid();
        }, address -> peerGuid(w, current.get(), address)));
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
            // The peer matrix changes with every run: localize from it on the same thread, off the grid's.
            fleetView.scheduleWithFixedDelay(() -> {
                try {
                    w.fleet().localize(pairs -> {
                        try {
                            return smp.traceRoutes(pairs);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            throw new IllegalStateException("interrupted: the agent is stopping", e);
                        }
                    }, subject -> portNote(smp, subject));
                } catch (RuntimeException e) { // an engine that cannot open, a grid read that failed: next time
                    LOG.log(System.Logger.Level.WARNING, "localizing from the peer matrix failed", e);
                }
            }, 5, 10, TimeUnit.SECONDS);
        }
        return next -> {
            smp.configure(next.smp());
            current.set(next);
        };
    }

    /** What the last sweep (this agent's or another member's) says of a port: its verdict and moved error counters. */
    private static String portNote(SmpSweepProbe smp, String subject) {
        PortSnapshot p = smp.snapshot().ports().stream().filter(x -> x.subject().equals(subject)).findFirst()
                .or(() -> smp.share().othersPorts().stream().filter(x -> x.subject().equals(subject)).findFirst())
                .orElse(null);
        if (p == null) {
            return "not in the last sweep";
        }
        StringBuilder moved = new StringBuilder();
        p.deltas().forEach((counter, delta) -> {
            if (counter.kind() == IbaCounter.Kind.ERROR && delta > 0) {
                moved.append(moved.length() == 0 ? "" : ", ").append(counter.ibaName()).append(" +").append(delta);
            }
        });
        return p.health() + (p.reasons().isEmpty() || p.health() == Verdict.OK ? "" : " (" + String.join(", ",
                p.reasons()) + ")") + (moved.length() == 0 ? ", no error counter moved in its last sweep"
                : ", in its last sweep " + moved);
    }

    /**
     * A peer's fabric port, by the address a run aims at: this agent's own for its own listen addresses, the
     * {@code guid} of a static peer, or the port GUID on a fleet member's card. Null when none is known.
     */
    private static PortGuid peerGuid(Wiring w, FabricHealthConfig cfg, HostPort address) {
        if (address.equals(cfg.bursts().listen()) || address.equals(cfg.pingpong().listen())) {
            LocalFabric f = w.state().fabric();
            return f == null || f.portGuid().isEmpty() ? null : PortGuid.parse(f.portGuid());
        }
        for (PeerConfig p : cfg.peers()) {
            if (p.guid() != null && (address.equals(p.address())
                    || address.equals(p.pingpongAddress(cfg.pingpong().listen())))) {
                return p.guid();
            }
        }
        if (w.fleet().joined()) {
            for (Member m : w.fleet().fleet().view().members()) {
                Card c = m.card();
                if (c.portGuid() != 0 && (address.equals(c.pingpong()) || address.equals(c.burst()))) {
                    return new PortGuid(c.portGuid());
                }
            }
        }
        return null;
    }
}
