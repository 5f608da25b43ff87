package io.fabrichealth.mbeans.bursts;

import io.fabrichealth.config.HostPort;
import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.ObjectNames;
import io.fabrichealth.probes.bursts.BurstListener;
import io.fabrichealth.probes.bursts.BurstResult;
import io.fabrichealth.probes.bursts.BurstService;
import io.fabrichealth.probes.bursts.SuiteResult;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Publishes bursts: one Burst MBean per (peer, set) as results arrive, one BurstSuite per peer, and the
 * BurstTarget. Register it with {@link BurstService#addListener}; peers named up front get their suite
 * MBean (and its runNow) before the first run.
 */
public final class BurstMBeans implements BurstListener {
    private final MBeanRegistry registry;
    private final BurstService service;
    private final Map<String, BurstView> bursts = new ConcurrentHashMap<>();
    private final Map<String, BurstSuiteView> suites = new ConcurrentHashMap<>();
    private final Map<String, BurstResult> defaults = new ConcurrentHashMap<>();

    public BurstMBeans(MBeanRegistry registry, BurstService service) {
        this.registry = registry;
        this.service = service;
        registry.register(ObjectNames.parse(BurstTargetMXBean.OBJECT_NAME), new BurstTargetView(service),
                BurstTargetMXBean.class);
        service.addListener(this);
    }

    /** Registers the peer's BurstSuite MBean now (idempotent). */
    public void addPeer(HostPort peer) {
        suite(peer.toString(), peer);
    }

    private BurstSuiteView suite(String key, HostPort peer) {
        return suites.computeIfAbsent(key, k -> {
            BurstSuiteView view = new BurstSuiteView(peer, service);
            registry.register(ObjectNames.of("BurstSuite", "peer", k), view, BurstSuiteMXBean.class);
            return view;
        });
    }

    @Override
    public void onResult(BurstResult result) {
        if (result.set().equals("default") && result.outcome() == BurstResult.Outcome.OK) {
            defaults.put(result.peer(), result);
        }
        BurstView view = bursts.computeIfAbsent(result.peer() + "|" + result.set(), k -> {
            BurstView v = new BurstView(result.peer(), result.set());
            registry.register(ObjectNames.of("Burst", "peer", result.peer(), "set", result.set()), v, BurstMXBean.class);
            return v;
        });
        view.record(result, SuiteResult.percentOfDefault(result, defaults.get(result.peer())));
    }

    @Override
    public void onSuite(SuiteResult suite) {
        suite(suite.peer(), HostPort.parse(suite.peer())).record(suite);
    }
}
