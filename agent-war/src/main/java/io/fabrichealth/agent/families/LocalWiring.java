package io.fabrichealth.agent.families;

import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.mbeans.local.LocalMBeans;
import io.fabrichealth.mbeans.metrics.LocalMetrics;
import io.fabrichealth.probes.local.LocalJudge;
import io.fabrichealth.probes.local.LocalPortView;
import io.fabrichealth.probes.local.LocalRunWatch;
import io.fabrichealth.probes.local.LocalSysfs;
import io.fabrichealth.probes.local.LocalView;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * The local view: every local CA and port read from sysfs every {@code local.every}, without MADs and without
 * any native library, published as LocalPort MBeans and node_exporter-named metrics, and judged into alarms. It
 * also tells the Agent MBean what carries this host's health (on RoCE there is no SMP sweep).
 */
final class LocalWiring implements FamilyWiring {
    private static final System.Logger LOG = System.getLogger(LocalWiring.class.getName());

    /** What the ping-pongs use to name the local port under a run, judged with the same thresholds. */
    static LocalRunWatch runWatch(FabricHealthConfig cfg) {
        return new LocalRunWatch(new LocalSysfs(LocalSysfs.SYSFS), judge(cfg));
    }

    static LocalJudge judge(FabricHealthConfig cfg) {
        return new LocalJudge(cfg.local().effectiveThresholds(), cfg.smp().effectiveThresholds());
    }

    @Override
    public Consumer<FabricHealthConfig> wire(Wiring w) {
        FabricHealthConfig cfg = w.config();
        LocalView view = new LocalView(new LocalSysfs(LocalSysfs.SYSFS), judge(cfg), w.book().sink());
        view.addListener(ports -> w.state().hostHealthSource(source(view, ports)));
        LocalMBeans.attach(view, w.registry());
        w.metrics().register(new LocalMetrics(view::ports));
        ScheduledExecutorService reader = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "fabric-health-local-view");
            t.setDaemon(true);
            return t;
        });
        w.keep(reader::shutdownNow);
        AtomicReference<ScheduledFuture<?>> task = new AtomicReference<>(schedule(reader, view, cfg));
        return next -> {
            view.configure(judge(next));
            if (!next.local().every().equals(cfg.local().every())) {
                task.getAndSet(schedule(reader, view, next)).cancel(false);
            }
        };
    }

    private static ScheduledFuture<?> schedule(ScheduledExecutorService reader, LocalView view,
            FabricHealthConfig cfg) {
        long millis = cfg.local().every().toMillis();
        return reader.scheduleWithFixedDelay(() -> {
            try {
                view.read();
            } catch (RuntimeException e) { // a bug, not a sysfs problem (those land on the ports): keep reading
                LOG.log(System.Logger.Level.WARNING, "reading the local view failed", e);
            }
        }, 0, millis, TimeUnit.MILLISECONDS);
    }

    private static String source(LocalView view, List<LocalPortView> ports) {
        if (ports.isEmpty()) {
            return "SMP sweep and data-path probes; the local view found no RDMA device in " + view.sysfs().root();
        }
        List<String> roce = ports.stream().filter(p -> p.reading().ethernet()).map(LocalPortView::name).toList();
        if (roce.isEmpty()) {
            return "SMP sweep, local view and data-path probes (every local port is InfiniBand)";
        }
        return "local view and data-path probes: " + String.join(", ", roce) + (roce.size() == 1 ? " is" : " are")
                + " Ethernet (RoCE), where there is no SMP sweep"
                + (roce.size() == ports.size() ? "" : "; the InfiniBand ports also have the SMP sweep");
    }
}
