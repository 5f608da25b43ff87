package io.fabrichealth.agent;

import io.fabrichealth.agent.jmx.JmxConnector;
import io.fabrichealth.agent.jolokia.AgentRestrictor;
import io.fabrichealth.agent.web.BasicAuth;
import io.fabrichealth.agent.web.ClientAddress;
import io.fabrichealth.config.AuthConfig;
import io.fabrichealth.config.ConfigService;
import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.ObjectNames;
import io.fabrichealth.mbeans.agent.Agent;
import io.fabrichealth.mbeans.agent.AgentMXBean;
import io.fabrichealth.mbeans.agent.AgentState;
import io.fabrichealth.mbeans.config.ConfigMXBean;
import io.fabrichealth.mbeans.config.ConfigView;
import io.fabrichealth.probes.ProbeCounts;
import io.fabrichealth.probes.local.LocalInspection;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.management.MBeanServer;
import org.jolokia.server.core.http.AgentServlet;

/** Everything one deployment of the WAR starts, in start order; {@link #close()} stops it in reverse. */
final class AgentRuntime implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger("fabric.health");

    private final MBeanRegistry registry;
    private final JmxConnector jmx;
    private final ExecutorService background;

    private AgentRuntime(MBeanRegistry registry, JmxConnector jmx, ExecutorService background) {
        this.registry = registry;
        this.jmx = jmx;
        this.background = background;
    }

    static AgentRuntime start(ServletContext ctx) {
        Instant startedAt = Instant.now();
        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer(); // Payara's MBeanServer is the platform one
        ConfigService configs = ConfigService.fromEnvironment();
        AgentState state = new AgentState();
        state.configSource(configs.source());
        if (configs.current().isEmpty()) {
            state.error("config " + configs.source() + " is invalid, no probes run until it is fixed and "
                    + "fabric.health:type=Config reload() accepts it: " + configs.lastErrors());
            LOG.severe(state.lastError());
        }
        // Before a valid config exists, serve with the built-in defaults (loopback HTTP/JMX) and no probes.
        FabricHealthConfig cfg = configs.current().orElse(FabricHealthConfig.DEFAULTS);

        MBeanRegistry registry = new MBeanRegistry(mbs);
        JmxConnector jmx = null;
        ExecutorService background = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fabric-health-inspect");
            t.setDaemon(true);
            return t;
        });
        try {
            state.natives(LocalInspection.natives());
            if (cfg.jmx().enabled()) {
                try {
                    AuthConfig auth = cfg.jmx().auth();
                    jmx = JmxConnector.start(mbs, cfg.jmx().bind(), cfg.jmx().port(),
                            auth == null ? null : auth.user(), auth == null ? null : password(auth));
                } catch (IOException e) {
                    state.error(e.getMessage());
                    LOG.log(Level.SEVERE, e.getMessage(), e);
                }
            }
            String jolokiaUrl = "http://" + urlHost(cfg.http().bind()) + ":" + cfg.http().port()
                    + ctx.getContextPath() + "/jolokia";
            Agent agent = new Agent(version(ctx), startedAt, jolokiaUrl, jmx == null ? "" : jmx.url(), state,
                    new ProbeCounts());
            registry.register(ObjectNames.parse(AgentMXBean.OBJECT_NAME), agent, AgentMXBean.class);
            registry.register(ObjectNames.parse(ConfigMXBean.OBJECT_NAME), new ConfigView(configs), ConfigMXBean.class);

            installWeb(ctx, cfg);
            // Reading the local port may wait on the simulator; never hold up the deployment for it.
            background.submit(() -> state.fabric(LocalInspection.fabric(cfg)));
            configs.onChange(next -> background.submit(() -> {
                state.configSource(configs.source());
                state.fabric(LocalInspection.fabric(next));
            }));
            LOG.info("fabric-health " + agent.getVersion() + " started: " + jolokiaUrl
                    + (jmx == null ? "" : ", " + jmx.url()) + ", config " + configs.source());
            return new AgentRuntime(registry, jmx, background);
        } catch (RuntimeException e) {
            background.shutdownNow();
            closeQuietly(jmx);
            registry.close();
            throw e;
        }
    }

    private static void installWeb(ServletContext ctx, FabricHealthConfig cfg) {
        FilterRegistration.Dynamic address = ctx.addFilter("client-address", new ClientAddress());
        address.addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
        AuthConfig auth = cfg.http().auth();
        if (auth != null) {
            FilterRegistration.Dynamic basic = ctx.addFilter("basic-auth", new BasicAuth(auth.user(), password(auth)));
            basic.addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), true, "/*");
        }
        AgentRestrictor restrictor = new AgentRestrictor(cfg.http().execFromLoopbackOnly(), cfg.http().allowedOrigins());
        ServletRegistration.Dynamic jolokia = ctx.addServlet("jolokia", new AgentServlet(restrictor));
        jolokia.addMapping("/jolokia/*");
        jolokia.setInitParameter("includeStackTrace", "false");
        jolokia.setInitParameter("discoveryEnabled", "false");
        jolokia.setInitParameter("debug", "false");
        jolokia.setLoadOnStartup(1);
    }

    private static String password(AuthConfig auth) {
        try {
            return auth.readPassword();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read password file " + auth.passwordFile() + ": " + e.getMessage()
                    + "; create it with the password on its first line, readable by the agent only", e);
        }
    }

    private static String urlHost(String bind) {
        try {
            InetAddress a = InetAddress.getByName(bind);
            if (a.isAnyLocalAddress()) {
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

    private static void closeQuietly(AutoCloseable c) {
        if (c != null) {
            try {
                c.close();
            } catch (Exception e) {
                LOG.log(Level.WARNING, "while stopping: " + e.getMessage(), e);
            }
        }
    }

    @Override
    public void close() {
        List<Exception> failures = new ArrayList<>();
        background.shutdownNow();
        try {
            background.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            if (jmx != null) {
                jmx.close();
            }
        } catch (IOException | RuntimeException e) {
            failures.add(e);
        }
        try {
            registry.close();
        } catch (RuntimeException e) {
            failures.add(e);
        }
        for (Exception e : failures) {
            LOG.log(Level.WARNING, "fabric-health stop: " + e.getMessage(), e);
        }
        LOG.info("fabric-health stopped");
    }
}
