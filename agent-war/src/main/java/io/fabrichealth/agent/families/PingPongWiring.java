package io.fabrichealth.agent.families;

import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.config.Transport;
import io.fabrichealth.jni.NativeFamily;
import io.fabrichealth.mbeans.pingpong.PingPongMBeans;
import io.fabrichealth.mbeans.pingpong.RdsStackView;
import io.fabrichealth.probes.pingpong.DataPlane;
import io.fabrichealth.probes.pingpong.PingPongProbe;
import io.fabrichealth.probes.pingpong.PingPongService;
import io.fabrichealth.probes.pingpong.fabric.FabricPlane;
import io.fabrichealth.probes.pingpong.rds.RdsPlane;
import io.fabrichealth.probes.pingpong.verbs.VerbsPlane;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The ping-pong responder every agent runs (one data plane per configured transport whose native family loaded),
 * the PingPong MBeans of the scheduled peers (static and drawn by the fleet), and the probe that pings them.
 */
final class PingPongWiring implements FamilyWiring {
    @Override
    public Consumer<FabricHealthConfig> wire(Wiring w) {
        FabricHealthConfig cfg = w.config();
        Map<Transport, DataPlane> planes = new EnumMap<>(Transport.class);
        List<String> missing = new ArrayList<>();
        for (Transport t : cfg.pingpong().transports()) {
            NativeFamily needs = needs(t);
            String why = w.missing(needs);
            if (why != null) {
                missing.add(PingPongService.name(t) + " needs the " + needs + " family: " + why);
            } else {
                planes.put(t, plane(t, cfg));
            }
        }
        if (!missing.isEmpty()) {
            w.state().probeError(ProbeFamily.PINGPONG, String.join("; ", missing));
        }
        RdsStackView rdsStack = w.missing(NativeFamily.RDS) == null
                ? RdsStackView.register(w.registry(), cfg.pingpong().transports().contains(Transport.RDS)) : null;
        if (planes.isEmpty()) {
            w.probes().unavailable(ProbeFamily.PINGPONG, "no ping-pong transport can run here: "
                    + String.join("; ", missing));
            return NOT_STARTED;
        }
        PingPongService service = w.keep(new PingPongService(cfg.pingpong(), planes, w.book().sink()));
        service.watchLocalPorts(LocalWiring.runWatch(cfg));
        service.watchPaths(w.probes().paths());
        try {
            service.startResponder();
        } catch (RuntimeException e) {
            w.state().probeError(ProbeFamily.PINGPONG, "the ping-pong responder on " + cfg.pingpong().listen()
                    + " did not start (" + e.getMessage() + "); peers cannot ping this agent until pingpong.listen is free");
        }
        service.addListener(w.probes().pingPongListeners());
        PingPongMBeans beans = new PingPongMBeans(w.registry(), service, w.book());
        if (rdsStack != null) {
            service.addListener(rdsStack);
        }
        PeerBeans peers = new PeerBeans(ProbeFamily.PINGPONG, w.probes(), cfg,
                (p, c) -> p.pingpongAddress(c.pingpong().listen()), beans::addPeer, beans::removePeer);
        w.probes().perPeer(ProbeFamily.PINGPONG,
                (peer, c) -> new PingPongProbe(service, peer.name(), peer.pingpongAddress(c.pingpong().listen())));
        return next -> {
            service.configure(next.pingpong());
            peers.configure(next);
        };
    }

    private static NativeFamily needs(Transport t) {
        return switch (t) {
            case FABRIC -> NativeFamily.FABRIC;
            case RDS -> NativeFamily.RDS;
            case VERBS -> NativeFamily.VERBS;
        };
    }

    private static DataPlane plane(Transport t, FabricHealthConfig cfg) {
        return switch (t) {
            case FABRIC -> new FabricPlane(cfg.bursts().provider(), cfg.bursts().endpoint());
            case RDS -> new RdsPlane();
            case VERBS -> new VerbsPlane();
        };
    }
}
