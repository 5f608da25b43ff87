package io.fabrichealth.cli.fleet;

import io.fabrichealth.cli.Home;
import io.fabrichealth.cli.payara.GridFlags;
import io.fabrichealth.cli.payara.JmxFlags;
import io.fabrichealth.cli.payara.PayaraProcess;
import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.testbed.SimulatedFabric;
import io.fabrichealth.testbed.Topologies;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * A fleet on one machine: one simulated fabric, then N Payara Micro agents started one after another, each at its
 * own HCA with its own ports, folder and state, all in one data grid on 127.0.0.1. {@code ./fabric-health run
 * --agents N} runs it for people; the fleet tests run it with {@link #freePorts} so parallel runs never collide.
 *
 * <pre>{@code
 * try (FleetOnOneHost fleet = FleetOnOneHost.start(home, Topologies.fatTree(16, 8, 24, dir), 3,
 *         FleetOnOneHost.freePorts(ConfigLoader.loadDefault(), 3), dir, FleetOnOneHost.QUIET)) {
 *     String jolokia = fleet.agent(1).jolokiaUrl();
 *     fleet.kill(1);      // kill -9
 *     fleet.restart(1);   // same config, ports and state folder
 * }
 * }</pre>
 *
 * <p>Everything it starts stops on its own: {@link #close()}, a shutdown hook, {@code setpriv --pdeathsig KILL}
 * on every child (a test JVM killed by SIGKILL takes them along) and a lifetime after which the fleet closes itself.
 */
public final class FleetOnOneHost implements AutoCloseable {
    /** Payara with the WAR deploys in 20-60 s on 2 busy cores; past this, something is wrong. */
    public static final Duration BOOT_TIMEOUT = Duration.ofSeconds(240);
    /** ibsim serves at most 10 clients, and opensm is one of them. */
    public static final int MAX_AGENTS = 9;
    /** How long a fleet may live before it closes itself, unless {@code -Dfabrichealth.fleet.lifetime} says. */
    public static final Duration DEFAULT_LIFETIME = Duration.ofHours(2);
    public static final Consumer<String> QUIET = line -> { };

    private final Home home;
    private final SimulatedFabric fabric;
    private final Path topology;
    private final Path workDir;
    private final List<Member> members = new ArrayList<>();
    private final List<Member> loners = new ArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread hook = new Thread(this::close, "fleet-on-one-host-stop");
    private final ScheduledExecutorService lifetime = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "fleet-on-one-host-lifetime");
        t.setDaemon(true);
        return t;
    });

    /**
     * One agent as it runs now.
     *
     * @param index from 0
     * @param name its agent.name (base name + "-" + index), also its member name in the grid
     * @param simHost the HCA it attaches at
     * @param pid Payara's PID (the JVM itself, for kill -9 and RSS)
     * @param httpPort its HTTP (Jolokia, /metrics) port
     * @param jolokiaUrl like {@code http://127.0.0.1:8778/jolokia}
     * @param jmxUrl the JSR-160 URL, or null when jmx is disabled
     * @param gridPort its data grid port
     * @param log Payara's console log of this start
     * @param config its derived config file
     * @param bootTime from starting the JVM until Jolokia answered
     */
    public record Agent(int index, String name, String simHost, long pid, int httpPort, String jolokiaUrl, String jmxUrl,
                        int gridPort, Path log, Path config, Duration bootTime) {
    }

    private static final class Member {
        final FabricHealthConfig config;
        final Path configFile;
        final Path dir;
        final String simHost;
        PayaraProcess payara;
        Agent agent;
        int starts;

        Member(FabricHealthConfig config, Path configFile, Path dir, String simHost) {
            this.config = config;
            this.configFile = configFile;
            this.dir = dir;
            this.simHost = simHost;
        }
    }

    private FleetOnOneHost(Home home, SimulatedFabric fabric, Path topology, Path workDir) {
        this.home = home;
        this.fabric = fabric;
        this.topology = topology;
        this.workDir = workDir;
    }

    /**
     * Starts the fabric on {@code topology} (opensm too, as {@code simulation.opensm} says), then {@code n} agents
     * one after another, each waited for until its Jolokia answers. Agent i's config is
     * {@link MemberConfigs#derive} of {@code base} (write {@code base}'s ports apart first: {@link #freePorts} or
     * {@link MemberConfigs#apart}). Every check that can fail (too many agents, a busy port) fails before anything
     * starts.
     *
     * <p>The fleet closes itself after {@code -Dfabrichealth.fleet.lifetime} ({@link #DEFAULT_LIFETIME}).
     *
     * @param progress gets one line per step ("starting agent 2 of 3 ..."), for people
     */
    public static FleetOnOneHost start(Home home, Path topology, int n, FabricHealthConfig base, Path workDir,
            Consumer<String> progress) throws IOException {
        return start(home, topology, n, base, workDir, progress, lifetime());
    }

    /** As above, with its own lifetime; {@link Duration#ZERO}: it lives until closed (the launcher's choice). */
    public static FleetOnOneHost start(Home home, Path topology, int n, FabricHealthConfig base, Path workDir,
            Consumer<String> progress, Duration life) throws IOException {
        List<String> hcas = hcas(topology);
        int slots = base.simulation().opensm() ? MAX_AGENTS : MAX_AGENTS + 1;
        if (n < 1 || n > hcas.size() || n > slots) {
            throw new IllegalArgumentException("--agents " + n + ": " + topology.getFileName() + " has " + hcas.size()
                    + " HCAs and ibsim serves at most 10 clients" + (base.simulation().opensm() ? " (opensm is one)" : "")
                    + ", so a fleet here has 1 to " + Math.min(hcas.size(), slots) + " agents");
        }
        List<FabricHealthConfig> configs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Path dir = workDir.resolve("agent-" + i);
            configs.add(MemberConfigs.derive(base, i, n, topology, hcas.get(i), dir.resolve("state")));
        }
        checkPortsFree(configs);
        Files.createDirectories(workDir);
        progress.accept("starting the simulated fabric (" + topology.getFileName() + ", " + hcas.size() + " HCAs)");
        SimulatedFabric fabric = SimulatedFabric.start(topology, base.simulation().opensm(), workDir.resolve("fabric"));
        FleetOnOneHost fleet = new FleetOnOneHost(home, fabric, topology, workDir);
        Runtime.getRuntime().addShutdownHook(fleet.hook);
        if (!life.isZero()) {
            fleet.lifetime.schedule(() -> {
                if (!fleet.closed.get()) {
                    System.err.println("fabric-health: the fleet in " + workDir + " reached its lifetime of " + life
                            + " and stops; set -Dfabrichealth.fleet.lifetime=PT0S to keep it");
                    fleet.close();
                }
            }, life.toMillis(), TimeUnit.MILLISECONDS);
        }
        try {
            for (int i = 0; i < n; i++) {
                FabricHealthConfig c = configs.get(i);
                Path dir = workDir.resolve("agent-" + i);
                Files.createDirectories(dir);
                Path file = dir.resolve("fabric-health.yaml");
                Files.writeString(file, c.toYaml());
                fleet.members.add(new Member(c, file, dir, hcas.get(i)));
            }
            for (int i = 0; i < n; i++) {
                Member m = fleet.members.get(i);
                progress.accept("starting agent " + (i + 1) + " of " + n + " (" + m.config.agent().name() + " at "
                        + m.simHost + ", http " + m.config.http().port() + ", grid " + m.config.fleet().port()
                        + ") ...");
                fleet.boot(m);
            }
            return fleet;
        } catch (IOException | RuntimeException | Error e) {
            fleet.close();
            throw e;
        }
    }

    /** {@code base} with every port it derives from moved to a run of {@code n} free ports on 127.0.0.1. */
    public static FabricHealthConfig freePorts(FabricHealthConfig base, int n) throws IOException {
        List<Integer> starts = new ArrayList<>();
        for (int tries = 0; starts.size() < 5 && tries < 1000; tries++) {
            // Below Linux's ephemeral range (32768 and up), where the kernel hands out client ports.
            int start = ThreadLocalRandom.current().nextInt(20000, 32768 - n);
            boolean apart = starts.stream().allMatch(s -> start + n <= s || s + n <= start);
            if (apart && freeRun(start, n)) {
                starts.add(start);
            }
        }
        if (starts.size() < 5) {
            throw new IOException("found no 5 runs of " + n + " free ports on 127.0.0.1 between 20000 and 32767");
        }
        return MemberConfigs.withPorts(base, starts.get(0), starts.get(1), starts.get(2), starts.get(3), starts.get(4));
    }

    public SimulatedFabric fabric() {
        return fabric;
    }

    public Path topology() {
        return topology;
    }

    public int size() {
        return members.size();
    }

    public Agent agent(int i) {
        return members.get(i).agent;
    }

    public List<Agent> agents() {
        return members.stream().map(m -> m.agent).toList();
    }

    /** The config agent i runs with (its ports, name, grid members). */
    public FabricHealthConfig config(int i) {
        return members.get(i).config;
    }

    public boolean isAlive(int i) {
        PayaraProcess p = members.get(i).payara;
        return p != null && p.isAlive();
    }

    /** {@code kill -9} of agent i's JVM: no shutdown, the grid sees it vanish. Returns once the process is gone. */
    public void kill(int i) throws InterruptedException {
        members.get(i).payara.kill();
    }

    /** Starts agent i again (after {@link #kill} or its own exit) with the same config, ports and state folder. */
    public Agent restart(int i) throws IOException {
        Member m = members.get(i);
        if (m.payara != null && m.payara.isAlive()) {
            throw new IllegalStateException(m.config.agent().name() + " still runs (pid " + m.payara.pid() + ")");
        }
        boot(m);
        return m.agent;
    }

    /**
     * One more agent on the same fabric, outside the fleet (its grid off), at the next HCA after the fleet's: what
     * one agent alone does, measured in the same run. It stops with the fleet.
     */
    public Agent startAlone(FabricHealthConfig base) throws IOException {
        List<String> hcas = hcas(topology);
        int hca = members.size() + loners.size();
        if (hca >= hcas.size()) {
            throw new IllegalArgumentException(topology.getFileName() + " has no HCA left for another agent");
        }
        Path dir = workDir.resolve("alone-" + loners.size());
        FabricHealthConfig c = MemberConfigs.alone(MemberConfigs.derive(freePorts(base, 1), 0, 1, topology,
                hcas.get(hca), dir.resolve("state")), base.agent().name() + "-alone-" + loners.size());
        checkPortsFree(List.of(c));
        Files.createDirectories(dir);
        Path file = dir.resolve("fabric-health.yaml");
        Files.writeString(file, c.toYaml());
        Member m = new Member(c, file, dir, hcas.get(hca));
        loners.add(m);
        boot(m);
        return m.agent;
    }

    /** The last {@code lines} of agent i's current Payara log. */
    public String tail(int i, int lines) {
        return members.get(i).payara.tail(lines);
    }

    private void boot(Member m) throws IOException {
        if (closed.get()) {
            throw new IllegalStateException("the fleet is closed");
        }
        try {
            start(m);
        } catch (PayaraProcess.NotDeployedException e) {
            // Payara Micro 6 has once failed its own security set-up at boot on a loaded machine; a fresh JVM boots.
            System.err.println("fabric-health: " + m.config.agent().name() + " did not deploy; starting it once more ("
                    + e.getMessage().lines().findFirst().orElse("") + ")");
            m.payara.close();
            start(m);
        }
    }

    private void start(Member m) throws IOException {
        // A folder per start: umad2sim writes ./sys-<pid>/ there, and an earlier start's log stays readable.
        Path run = m.dir.resolve("start-" + (++m.starts));
        FabricHealthConfig c = m.config;
        List<String> jvm = new ArrayList<>(JmxFlags.of(c.jmx(), run.resolve("jmx")));
        // N hosts' agents share this machine's cores: C1 only halves each Payara boot's CPU. A real host's agent
        // (./fabric-health run, or Payara started by hand) keeps the full JIT, which its MAD path needs.
        jvm.add("-XX:TieredStopAtLevel=1");
        jvm.addAll(GridFlags.jvm(c.fleet()));
        Map<String, String> env = fabric.clientEnv(m.simHost);
        long t0 = System.nanoTime();
        m.payara = PayaraProcess.start(new PayaraProcess.Spec(home.payaraJar(), home.war(), home.jniJar(),
                c.http().bind(), c.http().port(), m.configFile, env, run, jvm,
                GridFlags.payara(c.fleet(), c.agent().name())));
        m.payara.awaitJolokia(BOOT_TIMEOUT, false);
        m.agent = new Agent(members.indexOf(m), c.agent().name(), m.simHost, m.payara.pid(), c.http().port(),
                m.payara.baseUrl() + "/jolokia", c.jmx().enabled() ? JmxFlags.url(c.jmx()) : null, c.fleet().port(),
                m.payara.log(), m.configFile, Duration.ofNanos(System.nanoTime() - t0));
    }

    /** Stops every agent at once (SIGTERM, SIGKILL after 30 s), then opensm and ibsim. Safe to call twice. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        lifetime.shutdownNow();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down: this is the hook
        }
        List<Thread> stops = new ArrayList<>();
        List<Member> all = new ArrayList<>(members);
        all.addAll(loners);
        for (Member m : all) {
            if (m.payara != null) {
                Thread t = new Thread(m.payara::close, "stop-" + m.config.agent().name());
                t.start();
                stops.add(t);
            }
        }
        for (Thread t : stops) {
            try {
                t.join(Duration.ofSeconds(45).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        fabric.close();
    }

    private static List<String> hcas(Path topology) throws IOException {
        return Topologies.nodeNames(topology).stream().filter(n -> n.startsWith("H:")).map(n -> n.substring(2))
                .toList();
    }

    private static void checkPortsFree(List<FabricHealthConfig> configs) {
        for (FabricHealthConfig c : configs) {
            String who = c.agent().name();
            check(c.http().bind(), c.http().port(), "http.port of " + who);
            if (c.jmx().enabled()) {
                check(c.jmx().bind(), c.jmx().port(), "jmx.port of " + who);
            }
            check(c.bursts().listen().host(), c.bursts().listen().port(), "bursts.listen of " + who);
            check(c.pingpong().listen().host(), c.pingpong().listen().port(), "pingpong.listen of " + who);
            check("127.0.0.1", c.fleet().port(), "fleet.port of " + who);
        }
    }

    private static void check(String host, int port, String what) {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(InetAddress.getByName(host), port));
        } catch (IOException e) {
            throw new IllegalArgumentException("port " + port + " (" + what + ") is in use on " + host
                    + ": stop what holds it (ss -ltnp | grep :" + port + ") or change the configured ports");
        }
    }

    private static boolean freeRun(int start, int n) {
        for (int p = start; p < start + n; p++) {
            try (ServerSocket s = new ServerSocket()) {
                s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), p));
            } catch (IOException e) {
                return false;
            }
        }
        return true;
    }

    private static Duration lifetime() {
        String v = System.getProperty("fabrichealth.fleet.lifetime");
        try {
            return v == null || v.isBlank() ? DEFAULT_LIFETIME : Duration.parse(v.trim());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("-Dfabrichealth.fleet.lifetime=" + v
                    + " is not an ISO-8601 duration such as PT2H (PT0S: no limit)", e);
        }
    }

    @Override
    public String toString() {
        return "FleetOnOneHost[" + members.size() + " agents on " + topology.getFileName() + " in " + workDir + "]";
    }
}
