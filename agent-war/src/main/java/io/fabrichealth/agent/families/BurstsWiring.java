package io.fabrichealth.agent.families;

import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.jni.NativeFamily;
import io.fabrichealth.mbeans.bursts.BurstMBeans;
import io.fabrichealth.mbeans.metrics.BurstMetrics;
import io.fabrichealth.probes.bursts.BurstProbe;
import io.fabrichealth.probes.bursts.BurstService;
import java.util.function.Consumer;

/**
 * The burst target every agent runs, the Burst MBeans of the scheduled peers (static and drawn by the fleet) and
 * their metrics, and the probe that bursts to them.
 */
final class BurstsWiring implements FamilyWiring {
    @Override
    public Consumer<FabricHealthConfig> wire(Wiring w) {
        FabricHealthConfig cfg = w.config();
        if (!w.loaded(NativeFamily.FABRIC, ProbeFamily.BURSTS, "bursts need libfabric")) {
            return NOT_STARTED;
        }
        BurstService service = w.keep(new BurstService(cfg.bursts(), w.book().sink()));
        service.watchPaths(w.probes().paths());
        try {
            service.startTarget();
        } catch (RuntimeException e) {
            w.state().probeError(ProbeFamily.BURSTS, "the burst target on " + cfg.bursts().listen() + " did not start ("
                    + e.getMessage() + "); peers cannot burst to this agent until bursts.listen is free");
        }
        BurstMBeans beans = new BurstMBeans(w.registry(), service);
        w.metrics().register(new BurstMetrics(beans::bursts));
        PeerBeans peers = new PeerBeans(ProbeFamily.BURSTS, w.probes(), cfg, (p, c) -> p.address(), beans::addPeer,
                beans::removePeer);
        w.probes().perPeer(ProbeFamily.BURSTS, (peer, c) -> new BurstProbe(service, peer.name(), peer.address()));
        return next -> {
            service.configure(next.bursts());
            peers.configure(next);
        };
    }
}
