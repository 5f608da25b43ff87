package io.fabrichealth.mbeans.pingpong;

import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.Transport;
import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.ObjectNames;
import io.fabrichealth.alarms.AlarmBook;
import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.probes.pingpong.PingPongListener;
import io.fabrichealth.probes.pingpong.PingPongResult;
import io.fabrichealth.probes.pingpong.PingPongService;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.management.ObjectName;

/**
 * Publishes ping-pongs: the PingPongResponder and PingPongRunner MBeans, and one PingPong MBean per (transport, peer) as results
 * arrive (or up front through {@link #addPeer}). Registers itself as the service's listener. A peer the fleet
 * dropped is unregistered through {@link #removePeer}; a run against it that was still going when it was
 * dropped does not bring its MBeans back.
 */
public final class PingPongMBeans implements PingPongListener {
    private final MBeanRegistry registry;
    private final PingPongService service;
    private final AlarmBook book;
    private final Map<String, PingPongView> views = new ConcurrentHashMap<>();
    /** Peers removed and not added again since: their late results are dropped. Guarded by this. */
    private final Set<HostPort> removed = new HashSet<>();

    /** @param book the alarm model, for acknowledgeCorruption; null when there is none */
    public PingPongMBeans(MBeanRegistry registry, PingPongService service, AlarmBook book) {
        this.registry = registry;
        this.service = service;
        this.book = book;
        registry.register(ObjectNames.parse(PingPongResponderMXBean.OBJECT_NAME), new PingPongResponderView(service),
                PingPongResponderMXBean.class);
        registry.register(ObjectNames.parse(PingPongRunnerMXBean.OBJECT_NAME), new PingPongRunnerView(service),
                PingPongRunnerMXBean.class);
        service.addListener(this);
    }

    /** {@code fabric.health:type=PingPong,transport=rds,peer="10.0.0.2:7472"}. */
    public static ObjectName name(Transport transport, String peer) {
        return ObjectNames.of("PingPong", "transport", PingPongService.name(transport), "peer", peer);
    }

    /** Registers the MBean of every configured transport for {@code peer} now (idempotent). */
    public synchronized void addPeer(HostPort peer) {
        removed.remove(peer);
        for (Transport t : service.transports()) {
            view(t, peer);
        }
    }

    /** Unregisters every MBean of {@code peer} (each transport's), until {@link #addPeer} brings it back. */
    public synchronized void removePeer(HostPort peer) {
        removed.add(peer);
        for (Transport t : Transport.values()) {
            PingPongView v = views.remove(PingPongService.subject(t, peer.toString()));
            if (v != null) {
                registry.unregister(name(t, peer.toString()));
            }
        }
    }

    private synchronized PingPongView view(Transport transport, HostPort peer) {
        if (removed.contains(peer)) {
            return null;
        }
        return views.computeIfAbsent(PingPongService.subject(transport, peer.toString()), k -> {
            ObjectName name = name(transport, peer.toString());
            PingPongView v = new PingPongView(name, transport, peer, service, this::acknowledge, this::findings);
            registry.register(name, v, PingPongMXBean.class);
            return v;
        });
    }

    private String acknowledge(String subject, String who) {
        if (book == null) {
            return "LastCorruption cleared; this agent has no alarm model to acknowledge in";
        }
        return book.active(AlarmKind.Corruption, subject).map(a -> book.acknowledge(a.id(), who))
                .orElse("LastCorruption cleared; no Corruption alarm is active for " + subject);
    }

    /** The alarm model's standing findings about a subject: CreditStalls, a capacity signal (WARN). */
    private List<String> findings(String subject) {
        if (book == null) {
            return List.of();
        }
        return book.active(AlarmKind.CreditStalls, subject).map(a -> List.of(a.kind() + ": " + a.details()))
                .orElse(List.of());
    }

    @Override
    public void onResult(PingPongResult result) {
        PingPongView view = view(result.transport(), HostPort.parse(result.peer()));
        if (view != null) {
            view.record(result);
        }
    }
}
