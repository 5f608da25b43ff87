package io.fabrichealth.agent;

import io.fabrichealth.agent.families.AgentProbes;
import io.fabrichealth.agent.families.FleetWiring;
import io.fabrichealth.agent.families.FamilyWiring;
import io.fabrichealth.agent.families.Wiring;
import io.fabrichealth.config.ConfigService;
import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.fleet.grid.Card;
import io.fabrichealth.jni.NativeFamily;
import io.fabrichealth.fleet.grid.Fleet;
import io.fabrichealth.fleet.grid.FleetParts;
import io.fabrichealth.mbeans.fleet.FleetMXBean;
import io.fabrichealth.mbeans.fleet.FleetView;
import io.fabrichealth.probes.local.LocalFabric;
import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.ObjectNames;
import io.fabrichealth.mbeans.agent.Agent;
import io.fabrichealth.mbeans.agent.AgentMXBean;
import io.fabrichealth.mbeans.agent.AgentState;
import io.fabrichealth.alarms.AlarmBook;
import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.mbeans.alarms.Alarms;
import io.fabrichealth.mbeans.alarms.AlarmsMXBean;
import io.fabrichealth.mbeans.config.ConfigMXBean;
import io.fabrichealth.mbeans.config.ConfigView;
import io.fabrichealth.mbeans.metrics.AgentMetrics;
import io.fabrichealth.mbeans.schedules.ScheduleMBeans;
import io.fabrichealth.probes.ProbeCounts;
import io.fabrichealth.probes.ProbeResult;
import io.fabrichealth.probes.local.LocalInspection;
import io.fabrichealth.schedules.ScheduleControl;
import io.fabrichealth.schedules.ScheduleListener;
import io.fabrichealth.schedules.Schedules;
import jakarta.servlet.ServletContext;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import javax.management.MBeanServer;

/**
 * Everything one deployment of the WAR starts. Each piece is pushed on a stack as it starts, and {@link #close()}
 * pops them in reverse, so a failed start and an undeploy release exactly what was taken.
 */
final class AgentRuntime implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger("fabric.health");

    private final Deque<AutoCloseable> started = new ArrayDeque<>();

    private AgentRuntime() {
    }

    static AgentRuntime start(ServletContext ctx) {
        AgentRuntime rt = new AgentRuntime();
        try {
            rt.boot(ctx);
            return rt;
        } catch (RuntimeException e) {
            rt.close();
            throw e;
        }
    }

    private void boot(ServletContext ctx) {
        Instant startedAt = Instant.now();
        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer(); // Payara's MBeanServer is the platform one
        ConfigService configs = ConfigService.fromEnvironment();
        AgentState state = new AgentState();
        state.configSource(configs.source());
        if (configs.current().isEmpty()) {
            state.error("config " + configs.source() + " is invalid; no probes run until it is fixed and "
                    + "fabric.health:type=Config reload() accepts it: " + configs.lastErrors());
            LOG.severe(state.lastError());
        }
        // Without a valid config the agent serves its MBeans with the built-in defaults and runs no probes.
        FabricHealthConfig cfg = configs.current().orElse(FabricHealthConfig.DEFAULTS);
        state.natives(LocalInspection.natives());

        ExecutorService background = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fabric-health-inspect");
            t.setDaemon(true);
            return t;
        });
        push(() -> {
            background.shutdownNow();
            background.awaitTermination(5, TimeUnit.SECONDS);
        });
        MBeanRegistry registry = push(new MBeanRegistry(mbs));
        String jmxUrl = jmxServiceUrl();
        if (cfg.jmx().enabled() && jmxUrl.isEmpty()) {
            LOG.info("jmx.enabled, but this JVM has no remote JMX agent: start it with ./fabric-health run, or add "
                    + "-Dcom.sun.management.jmxremote.port=" + cfg.jmx().port() + " and friends (see README)");
        }

        AlarmBook book = push(openAlarmBook(cfg, state));
        Alarms alarms = push(new Alarms(book));
        ProbeCounts counts = new ProbeCounts();
        String jolokiaUrl = "http://" + urlHost(cfg.http().bind()) + ":" + cfg.http().port() + ctx.getContextPath()
                + "/jolokia";
        Agent agent = new Agent(version(ctx), startedAt, jolokiaUrl, jmxUrl, state, counts);
        registry.register(ObjectNames.parse(AgentMXBean.OBJECT_NAME), agent, AgentMXBean.class);
        registry.register(ObjectNames.parse(ConfigMXBean.OBJECT_NAME), new ConfigView(configs), ConfigMXBean.class);
        registry.register(ObjectNames.parse(AlarmsMXBean.OBJECT_NAME), alarms, AlarmsMXBean.class);

        // Reading the local port may wait on the simulator; never hold up the deployment for it.
        state.fabric(LocalInspection.pending(cfg));
        background.submit(() -> state.fabric(LocalInspection.fabric(cfg)));

        PrometheusRegistry metrics = new PrometheusRegistry(); // per deployment, so a redeploy starts clean
        FleetParts fleet = push(configs.current().isPresent()
                ? FleetWiring.join(cfg, book, card(cfg, agent, state, startedAt), state::error)
                : FleetParts.alone(Fleet.alone(cfg.agent().name(), "the config is invalid")));
        alarms.attachFleet(cfg.agent().name(), fleet.alarms());
        registry.register(ObjectNames.parse(FleetMXBean.OBJECT_NAME), new FleetView(fleet), FleetMXBean.class);
        background.submit(() -> publishFabricPort(fleet, state));
        AgentProbes probes = new AgentProbes(fleet.peers());
        probes.addPingPongListener(fleet.results());
        List<Consumer<FabricHealthConfig>> reloads = new ArrayList<>();
        if (configs.current().isPresent()) {
            Wiring wiring = new Wiring(cfg, registry, metrics, book, state, probes, fleet, this::push);
            for (FamilyWiring family : FamilyWiring.ALL) {
                reloads.add(family.wire(wiring));
            }
        }
        ScheduleMBeans scheduleBeans = push(new ScheduleMBeans(registry));
        Schedules schedules = null;
        if (configs.current().isPresent()) {
            schedules = push(Schedules.start(cfg, probes, counts, listener(state, book)));
            scheduleBeans.sync(schedules.controls());
        }
        Schedules running = schedules;
        metrics.register(new AgentMetrics(state, book, counts, () -> running == null ? List.of() : running.controls()));
        WebSetup.install(ctx, cfg.http(), registry, metrics);
        configs.onChange(next -> {
            state.configSource(configs.source());
            book.reconfigure(next.alarms());
            reloads.forEach(r -> r.accept(next));
            if (running != null) {
                running.apply(next);
                scheduleBeans.sync(running.controls());
            }
            background.submit(() -> {
                state.fabric(LocalInspection.fabric(next));
                publishFabricPort(fleet, state);
            });
        });
        LOG.info("fabric-health " + agent.getVersion() + " started: " + jolokiaUrl
                + (jmxUrl.isEmpty() ? "" : ", " + jmxUrl) + ", config " + configs.source());
    }

    /** This agent's card: who it is, where to read it and where to probe it; the fabric port follows once known. */
    private static Card card(FabricHealthConfig cfg, Agent agent, AgentState state, Instant startedAt) {
        boolean umad = state.natives().stream().anyMatch(n -> n.family() == NativeFamily.UMAD && n.available());
        boolean scheduled = cfg.schedules().stream().anyMatch(s -> s.probe() == ProbeFamily.SMP_SWEEP && s.enabled());
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = cfg.agent().name();
        }
        return new Card(cfg.agent().name(), host, "", agent.getJolokiaUrl(), cfg.bursts().listen(),
                cfg.pingpong().listen(), cfg.pingpong().transports(), umad && scheduled, "", 0, 0, 0, agent.getVersion(),
                startedAt,
                startedAt);
    }

    /** Puts the local CA, port GUID and LID on the card once the local port has been read (in the background). */
    private static void publishFabricPort(FleetParts fleet, AgentState state) {
        LocalFabric f = state.fabric();
        if (f != null && f.lid() > 0) {
            long guid = f.portGuid() == null || f.portGuid().isEmpty() ? 0
                    : Long.parseUnsignedLong(f.portGuid().replaceFirst("^0x", ""), 16);
            fleet.fleet().updateCard(c -> c.withFabricPort(f.ca(), f.port(), guid, f.lid()));
        }
    }

    /**
     * JSR-160 is the JVM's own management agent (JVM-wide, so it survives redeploys); the launcher starts it from
     * the config's jmx section. Empty when this JVM has none.
     */
    private static String jmxServiceUrl() {
        String port = System.getProperty("com.sun.management.jmxremote.port");
        if (port == null) {
            return "";
        }
        String host = System.getProperty("com.sun.management.jmxremote.host",
                System.getProperty("java.rmi.server.hostname", "localhost"));
        return "service:jmx:rmi:///jndi/rmi://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port + "/jmxrmi";
    }

    /** Alarms persist in the state dir; if it cannot be used the agent keeps them in memory and says so. */
    private static AlarmBook openAlarmBook(FabricHealthConfig cfg, AgentState state) {
        try {
            Files.createDirectories(cfg.agent().stateDir());
            AlarmBook book = AlarmBook.persistent(cfg.alarms(), cfg.agent().stateDir(), Clock.systemUTC(), state::error);
            if (!book.loadNote().isEmpty()) {
                LOG.warning(book.loadNote());
            }
            return book;
        } catch (IOException | RuntimeException e) {
            state.error("alarms are kept in memory only: cannot use agent.stateDir " + cfg.agent().stateDir() + " ("
                    + e.getMessage() + "); point agent.stateDir at a writable directory");
            return AlarmBook.inMemory(cfg.alarms(), Clock.systemUTC());
        }
    }

    private static ScheduleListener listener(AgentState state, AlarmBook book) {
        return new ScheduleListener() {
            @Override
            public void finished(ScheduleControl schedule, ProbeResult result) {
                book.observe(AlarmKind.ProbeError, schedule.name(), false, result.summary());
            }

            @Override
            public void error(ScheduleControl schedule, Throwable error) {
                state.probeError(schedule.family(), schedule.name() + ": " + error);
                book.observe(AlarmKind.ProbeError, schedule.name(), true, String.valueOf(error));
            }

            @Override
            public void overran(ScheduleControl schedule, Duration took, Duration gap) {
                state.jobOverran();
            }
        };
    }

    private <T extends AutoCloseable> T push(T resource) {
        started.push(resource);
        return resource;
    }

    private static String urlHost(String bind) {
        try {
            if (InetAddress.getByName(bind).isAnyLocalAddress()) {
                return InetAddress.getLocalHost().getHostName();
            }
        } catch (IOException e) {
            return bind;
        }
        return bind.contains(":") ? "[" + bind + "]" : bind;
    }

    private static String version(ServletContext ctx) {
        try (var in = ctx.getResourceAsStream("/META-INF/MANIFEST.MF")) {
            if (in != null) {
                String v = new java.util.jar.Manifest(in).getMainAttributes().getValue("Implementation-Version");
                if (v != null) {
                    return v;
                }
            }
        } catch (IOException e) {
            LOG.fine("no manifest: " + e);
        }
        return "dev";
    }

    /** Stops everything in reverse start order, reporting each failure and going on. */
    @Override
    public void close() {
        while (!started.isEmpty()) {
            AutoCloseable c = started.pop();
            try {
                c.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                LOG.log(Level.WARNING, "fabric-health stop: " + e.getMessage(), e);
            }
        }
        LOG.info("fabric-health stopped");
    }
}
