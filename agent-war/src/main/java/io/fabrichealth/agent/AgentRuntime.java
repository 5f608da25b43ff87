package io.fabrichealth.agent;

import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.config.ConfigService;
import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.config.Transport;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.jni.NativeFamily;
import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.ObjectNames;
import io.fabrichealth.mbeans.agent.Agent;
import io.fabrichealth.mbeans.agent.AgentMXBean;
import io.fabrichealth.mbeans.agent.AgentState;
import io.fabrichealth.alarms.AlarmBook;
import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.mbeans.alarms.Alarms;
import io.fabrichealth.mbeans.alarms.AlarmsMXBean;
import io.fabrichealth.mbeans.bursts.BurstMBeans;
import io.fabrichealth.mbeans.config.ConfigMXBean;
import io.fabrichealth.mbeans.config.ConfigView;
import io.fabrichealth.mbeans.metrics.AgentMetrics;
import io.fabrichealth.mbeans.pingpong.PingPongMBeans;
import io.fabrichealth.mbeans.metrics.PortMetrics;
import io.fabrichealth.mbeans.smp.SmpMBeans;
import io.fabrichealth.mbeans.schedules.ScheduleMBeans;
import io.fabrichealth.probes.ProbeCounts;
import io.fabrichealth.probes.ProbeResult;
import io.fabrichealth.probes.bursts.BurstProbe;
import io.fabrichealth.probes.bursts.BurstService;
import io.fabrichealth.probes.local.LocalInspection;
import io.fabrichealth.probes.pingpong.DataPlane;
import io.fabrichealth.probes.pingpong.PingPongProbe;
import io.fabrichealth.probes.pingpong.PingPongService;
import io.fabrichealth.probes.pingpong.fabric.FabricPlane;
import io.fabrichealth.probes.pingpong.rds.RdsPlane;
import io.fabrichealth.probes.pingpong.verbs.VerbsPlane;
import io.fabrichealth.probes.local.NativeStatus;
import io.fabrichealth.probes.smp.SmpSweepProbe;
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
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
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

        AgentProbes probes = new AgentProbes();
        AlarmSink sink = book.sink();
        SmpSweepProbe smp = null;
        BurstService bursts = null;
        PingPongService pingpong = null;
        if (configs.current().isPresent()) {
            smp = wireSmp(cfg, probes, registry, sink, state);
            bursts = wireBursts(cfg, probes, registry, sink, state);
            pingpong = wirePingPong(cfg, probes, registry, sink, book, state);
        }
        BurstService burstService = bursts;
        PingPongService pingpongService = pingpong;
        ScheduleMBeans scheduleBeans = push(new ScheduleMBeans(registry));
        Schedules schedules = null;
        if (configs.current().isPresent()) {
            schedules = push(Schedules.start(cfg, probes, counts, listener(state, book)));
            scheduleBeans.sync(schedules.controls());
        }
        Schedules running = schedules;
        PrometheusRegistry metrics = new PrometheusRegistry(); // per deployment, so a redeploy starts clean
        metrics.register(new AgentMetrics(state, book, counts, () -> running == null ? List.of() : running.controls()));
        if (smp != null) {
            metrics.register(new PortMetrics(smp::snapshot));
        }
        SmpSweepProbe sweep = smp;
        WebSetup.install(ctx, cfg.http(), metrics);
        configs.onChange(next -> {
            state.configSource(configs.source());
            book.reconfigure(next.alarms());
            if (sweep != null) {
                sweep.configure(next.smp());
            }
            if (burstService != null) {
                burstService.configure(next.bursts());
            }
            if (pingpongService != null) {
                pingpongService.configure(next.pingpong());
            }
            if (running != null) {
                running.apply(next);
                scheduleBeans.sync(running.controls());
            }
            background.submit(() -> state.fabric(LocalInspection.fabric(next)));
        });
        LOG.info("fabric-health " + agent.getVersion() + " started: " + jolokiaUrl
                + (jmxUrl.isEmpty() ? "" : ", " + jmxUrl) + ", config " + configs.source());
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

    /** The SMP sweep over the local CA and port, its Port, Node and SmpProbe MBeans. */
    private SmpSweepProbe wireSmp(FabricHealthConfig cfg, AgentProbes probes, MBeanRegistry registry, AlarmSink sink,
                                  AgentState state) {
        String missing = missingFamily(state, NativeFamily.UMAD);
        if (missing != null) {
            probes.unavailable(ProbeFamily.SMP_SWEEP, "SMP sweeps need libibumad: " + missing);
            return null;
        }
        // The umad port opens at the first sweep, on the schedule's thread, never during deployment.
        SmpSweepProbe smp = push(SmpSweepProbe.onUmad(cfg.fabric().ca(), cfg.fabric().port(), cfg.smp(), sink));
        push(SmpMBeans.attach(smp, registry));
        probes.whole(ProbeFamily.SMP_SWEEP, smp);
        return smp;
    }

    /** The burst target every agent runs, the Burst MBeans, and the probe the bursts schedules run. */
    private BurstService wireBursts(FabricHealthConfig cfg, AgentProbes probes, MBeanRegistry registry, AlarmSink sink,
                            AgentState state) {
        String missing = missingFamily(state, NativeFamily.FABRIC);
        if (missing != null) {
            probes.unavailable(ProbeFamily.BURSTS, "bursts need libfabric: " + missing);
            return null;
        }
        BurstService service = push(new BurstService(cfg.bursts(), sink));
        try {
            service.startTarget();
        } catch (RuntimeException e) {
            state.probeError(ProbeFamily.BURSTS, "the burst target on " + cfg.bursts().listen()
                    + " did not start (" + e.getMessage() + "); peers cannot burst to this agent until bursts.listen is free");
        }
        BurstMBeans beans = new BurstMBeans(registry, service);
        cfg.schedules().stream().filter(s -> s.probe() == ProbeFamily.BURSTS)
                .flatMap(s -> cfg.targetsOf(s).stream()).forEach(p -> beans.addPeer(p.address()));
        probes.perPeer(ProbeFamily.BURSTS, (peer, c) -> new BurstProbe(service, peer.address()));
        return service;
    }

    /** The ping-pong responder every agent runs, the PingPong MBeans, and the probe the pingpong schedules run. */
    private PingPongService wirePingPong(FabricHealthConfig cfg, AgentProbes probes, MBeanRegistry registry, AlarmSink sink,
                              AlarmBook book, AgentState state) {
        Map<Transport, DataPlane> planes = new EnumMap<>(Transport.class);
        List<String> missing = new ArrayList<>();
        for (Transport t : cfg.pingpong().transports()) {
            NativeFamily family = t == Transport.FABRIC ? NativeFamily.FABRIC : t == Transport.RDS ? NativeFamily.RDS : NativeFamily.VERBS;
            String why = missingFamily(state, family);
            if (why != null) {
                missing.add(t.name().toLowerCase(Locale.ROOT) + " needs the " + family + " family: " + why);
                continue;
            }
            planes.put(t, switch (t) {
                case FABRIC -> new FabricPlane(cfg.bursts().provider(), cfg.bursts().endpoint());
                case RDS -> new RdsPlane();
                case VERBS -> new VerbsPlane();
            });
        }
        if (!missing.isEmpty()) {
            state.probeError(ProbeFamily.PINGPONG, String.join("; ", missing));
        }
        if (planes.isEmpty()) {
            probes.unavailable(ProbeFamily.PINGPONG, "no ping-pong transport can run here: " + String.join("; ", missing));
            return null;
        }
        PingPongService service = push(new PingPongService(cfg.pingpong(), planes, sink));
        try {
            service.startResponder();
        } catch (RuntimeException e) {
            state.probeError(ProbeFamily.PINGPONG, "the ping-pong responder on " + cfg.pingpong().listen()
                    + " did not start (" + e.getMessage() + "); peers cannot ping this agent until pingpong.listen is free");
        }
        PingPongMBeans beans = new PingPongMBeans(registry, service, book);
        cfg.schedules().stream().filter(s -> s.probe() == ProbeFamily.PINGPONG).flatMap(s -> cfg.targetsOf(s).stream())
                .forEach(p -> beans.addPeer(p.pingpongAddress(cfg.pingpong().listen())));
        probes.perPeer(ProbeFamily.PINGPONG, (peer, c) -> new PingPongProbe(service, peer.pingpongAddress(c.pingpong().listen())));
        return service;
    }

    /** Null when the native family loaded, else why not (from the snapshot; the wiring never calls natives). */
    private static String missingFamily(AgentState state, NativeFamily family) {
        for (NativeStatus n : state.natives()) {
            if (n.family() == family) {
                return n.available() ? null : n.cause();
            }
        }
        return "the " + family + " family is unknown";
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
