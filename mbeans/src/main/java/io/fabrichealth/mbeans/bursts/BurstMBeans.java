package io.fabrichealth.mbeans.bursts;

import io.fabrichealth.config.HostPort;
import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.ObjectNames;
import io.fabrichealth.probes.bursts.BurstListener;
import io.fabrichealth.probes.bursts.BurstResult;
import io.fabrichealth.probes.bursts.BurstService;
import io.fabrichealth.probes.bursts.SuiteResult;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Publishes bursts: one Burst MBean per (peer, phase, set) as results arrive, one BurstSuite per peer, and the
 * BurstTarget. Register it with {@link BurstService#addListener}; peers named up front get their suite
 * MBean (and its runNow) before the first run. A peer the fleet dropped is unregistered through
 * {@link #removePeer}; a suite against it that was still going when it was dropped does not bring its MBeans back.
 */
public final class BurstMBeans implements BurstListener {
    private final MBeanRegistry registry;
    private final BurstService service;
    private final Map<String, BurstView> bursts = new ConcurrentHashMap<>();
    private final Map<String, BurstSuiteView> suites = new ConcurrentHashMap<>();
    /** The last ok default run per peer and phase ("peer|phase"). */
    private final Map<String, BurstResult> defaults = new ConcurrentHashMap<>();
    /** Peers removed and not added again since: their late results are dropped. Guarded by this. */
    private final Set<String> removed = new HashSet<>();

    public BurstMBeans(MBeanRegistry registry, BurstService service) {
        this.registry = registry;
        this.service = service;
        registry.register(ObjectNames.parse(BurstTargetMXBean.OBJECT_NAME), new BurstTargetView(service),
                BurstTargetMXBean.class);
        service.addListener(this);
    }

    /** Registers the peer's BurstSuite MBean now (idempotent). */
    public synchronized void addPeer(HostPort peer) {
        removed.remove(peer.toString());
        suite(peer.toString(), peer);
    }

    /** Unregisters the peer's BurstSuite and Burst MBeans, until {@link #addPeer} brings it back. */
    public synchronized void removePeer(HostPort peer) {
        String key = peer.toString();
        removed.add(key);
        if (suites.remove(key) != null) {
            registry.unregister(ObjectNames.of("BurstSuite", "peer", key));
        }
        bursts.entrySet().removeIf(e -> {
            BurstView v = e.getValue();
            if (!v.getPeer().equals(key)) {
                return false;
            }
            registry.unregister(name(key, v.getPhase(), v.getSet()));
            return true;
        });
        defaults.keySet().removeIf(k -> k.startsWith(key + "|"));
    }

    private synchronized BurstSuiteView suite(String key, HostPort peer) {
        if (removed.contains(key)) {
            return null;
        }
        return suites.computeIfAbsent(key, k -> {
            BurstSuiteView view = new BurstSuiteView(peer, service);
            registry.register(ObjectNames.of("BurstSuite", "peer", k), view, BurstSuiteMXBean.class);
            return view;
        });
    }

    @Override
    public void onResult(BurstResult result) {
        BurstView view;
        synchronized (this) {
            if (removed.contains(result.peer())) {
                return;
            }
            String phase = result.phase().text();
            String set = result.set().toString();
            if (result.set().isDefault() && result.outcome() == BurstResult.Outcome.OK) {
                defaults.put(result.peer() + "|" + phase, result);
            }
            view = bursts.computeIfAbsent(result.peer() + "|" + phase + "|" + set, k -> {
                BurstView v = new BurstView(result.peer(), phase, set);
                registry.register(name(result.peer(), phase, set), v, BurstMXBean.class);
                return v;
            });
        }
        view.record(result, SuiteResult.percentOfDefault(result, defaults.get(result.peer() + "|" + result.phase().text())));
    }

    /** {@code type=Burst,peer=<host:port>,phase=get|put,set=<set>}, values quoted where needed (a comma, a colon). */
    static javax.management.ObjectName name(String peer, String phase, String set) {
        return ObjectNames.of("Burst", "peer", peer, "phase", phase, "set", set);
    }

    /** Every Burst MBean registered now, for the metrics. */
    public java.util.Collection<BurstMXBean> bursts() {
        return java.util.List.copyOf(bursts.values());
    }

    @Override
    public void onSuite(SuiteResult suite) {
        BurstSuiteView view = suite(suite.peer(), HostPort.parse(suite.peer()));
        if (view != null) {
            view.record(suite);
        }
    }
}
