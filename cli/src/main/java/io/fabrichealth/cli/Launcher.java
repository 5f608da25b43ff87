package io.fabrichealth.cli;

import io.fabrichealth.cli.fleet.FleetOnOneHost;
import io.fabrichealth.cli.fleet.MemberConfigs;
import io.fabrichealth.cli.payara.GridFlags;
import io.fabrichealth.cli.payara.JmxFlags;
import io.fabrichealth.cli.payara.PayaraProcess;
import io.fabrichealth.config.ConfigException;
import io.fabrichealth.config.ConfigLoader;
import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.FabricMode;
import io.fabrichealth.testbed.SimConsole;
import io.fabrichealth.testbed.SimulatedFabric;
import io.fabrichealth.testbed.Topologies;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jolokia.json.JSONObject;

/**
 * The Java side of the {@code fabric-health} script: {@code run} starts the simulated fabric (when the config asks
 * for it) and Payara Micro with the agent, prints where to read it, and stops everything on Ctrl-C;
 * {@code sim} sends one console command to the running simulator.
 */
public final class Launcher {
    private static final String USAGE = """
            usage: Launcher --home DIR run [--config FILE] [--agents N]
                   Launcher --home DIR sim 'CONSOLE COMMAND'
                   Launcher --home DIR bursts HOST:PORT [--jolokia URL]
                   Launcher --home DIR mads TARGET... [-t SECONDS] [-a ATTRIBUTE] [--jolokia URL]""";

    private Launcher() {
    }

    public static void main(String[] args) throws Exception {
        List<String> rest = new ArrayList<>(List.of(args));
        if (rest.size() < 3 || !rest.get(0).equals("--home")) {
            fail(2, USAGE);
        }
        Home home = new Home(Path.of(rest.get(1)).toAbsolutePath());
        String command = rest.get(2);
        List<String> opts = rest.subList(3, rest.size());
        try {
            dispatch(home, command, opts);
        } catch (IllegalArgumentException e) {
            fail(2, e.getMessage()); // bad input: the message says what to change, no stack trace
        }
    }

    private static void dispatch(Home home, String command, List<String> opts) throws Exception {
        switch (command) {
            case "run" -> run(home, opts);
            case "sim" -> sim(home, opts);
            case "bursts" -> bursts(opts);
            case "mads" -> System.exit(io.fabrichealth.cli.mads.MadsReport.run(opts, System.out, System.err));
            default -> fail(2, "unknown command " + command + "\n" + USAGE);
        }
    }

    static void run(Home home, List<String> opts) throws Exception {
        Path configFile = null;
        Integer agents = null;
        for (int i = 0; i < opts.size(); i += 2) {
            if (i + 1 >= opts.size()) {
                fail(2, USAGE);
            } else if (opts.get(i).equals("--config") && configFile == null) {
                configFile = Path.of(opts.get(i + 1)).toAbsolutePath();
            } else if (opts.get(i).equals("--agents") && agents == null) {
                try {
                    agents = Integer.parseInt(opts.get(i + 1));
                } catch (NumberFormatException e) {
                    fail(2, "--agents needs a whole number, got " + opts.get(i + 1));
                }
            } else {
                fail(2, USAGE);
            }
        }
        FabricHealthConfig cfg;
        try {
            cfg = configFile == null ? ConfigLoader.loadDefault() : ConfigLoader.load(configFile);
        } catch (ConfigException e) {
            fail(2, "the config is invalid; fix it and run again:\n" + e.describe());
            return;
        }
        Files.createDirectories(home.runDir());
        Path work = Files.createTempDirectory(home.runDir(), "run-");
        if (agents != null) {
            runFleet(home, cfg, configFile, agents, work);
            return;
        }
        SimulatedFabric fabric = null;
        PayaraProcess payara = null;
        try {
            Map<String, String> env = Map.of();
            if (cfg.fabric().mode() == FabricMode.SIMULATED) {
                Path topology = cfg.simulation().topology().isBundled() ? Topologies.bundled()
                        : cfg.simulation().topology().file();
                String simHost = Topologies.simHost(topology, cfg.simulation().simHost()); // fails before anything starts
                System.err.println("fabric-health: starting the simulated fabric (" + topology + "), agent at " + simHost);
                fabric = SimulatedFabric.start(topology, cfg.simulation().opensm(), work.resolve("fabric"));
                env = fabric.clientEnv(simHost);
                writeSimState(home, fabric);
            }
            System.err.print("fabric-health: starting Payara Micro with the agent (log: " + work.resolve("payara/payara.log") + ")");
            List<String> jvm = new ArrayList<>(JmxFlags.of(cfg.jmx(), work.resolve("jmx")));
            jvm.addAll(GridFlags.jvm(cfg.fleet()));
            payara = PayaraProcess.start(new PayaraProcess.Spec(home.payaraJar(), home.war(), home.jniJar(),
                    cfg.http().bind(), cfg.http().port(), configFile, env, work.resolve("payara"), jvm,
                    GridFlags.payara(cfg.fleet(), cfg.agent().name())));
            payara.awaitJolokia(Duration.ofSeconds(180), true);
            System.err.println();
            String jmx = cfg.jmx().enabled() ? JmxFlags.url(cfg.jmx()) : "(disabled: jmx.enabled is false)";
            System.out.println("fabric-health is running.");
            System.out.println("  Jolokia:  " + payara.baseUrl() + "/jolokia");
            System.out.println("            curl -s " + payara.baseUrl() + "/jolokia/read/fabric.health:type=Agent");
            System.out.println("  JMX:      " + jmx);
            System.out.println("  Config:   " + (configFile == null ? "embedded:default.yaml" : configFile));
            if (fabric != null) {
                System.out.println("  Fabric:   simulated; fire drills with ./fabric-health sim 'Unlink \"leaf-a\"[2]'");
            }
            System.out.println("Press Ctrl-C to stop.");
            System.out.flush();
            PayaraProcess p = payara;
            SimulatedFabric f = fabric;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(home, p, f), "fabric-health-stop"));
            payara = null; // the hook owns them now
            fabric = null;
            while (p.isAlive()) {
                Thread.sleep(500);
            }
            System.err.println("fabric-health: Payara Micro exited; its log ends:\n" + p.tail(30));
            System.exit(1);
        } finally {
            stop(home, payara, fabric);
        }
    }

    /**
     * {@code run --agents N}: one simulated fabric, then N agents one after another, each at its own HCA with the
     * configured ports plus its index, all in one grid on 127.0.0.1. Runs until Ctrl-C, even when some agents die
     * (killing one is how people watch the fleet take over its nodes).
     */
    private static void runFleet(Home home, FabricHealthConfig cfg, Path configFile, int n, Path work) throws Exception {
        if (cfg.fabric().mode() != FabricMode.SIMULATED) {
            fail(2, "--agents runs a fleet on the simulated fabric, but fabric.mode is hardware in " + cfg.source()
                    + ": run one agent per host there (fleet.enabled: true), or use a simulated config");
        }
        Path topology = cfg.simulation().topology().isBundled() ? Topologies.bundled()
                : cfg.simulation().topology().file();
        List<String> notes = new ArrayList<>();
        FabricHealthConfig base = MemberConfigs.apart(cfg, n, notes);
        notes.forEach(note -> System.err.println("fabric-health: " + note));
        FleetOnOneHost fleet = FleetOnOneHost.start(home, topology, n, base, work,
                line -> System.err.println("fabric-health: " + line), Duration.ZERO);
        AtomicBoolean stopping = new AtomicBoolean();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopping.set(true);
            System.err.println("fabric-health: stopping " + n + " agents, then the simulated fabric");
            fleet.close();
            try {
                Files.deleteIfExists(home.runDir().resolve("sim.properties"));
            } catch (IOException e) {
                System.err.println("fabric-health: " + e.getMessage());
            }
        }, "fabric-health-stop"));
        writeSimState(home, fleet.fabric());
        System.out.println("fabric-health is running a fleet of " + n + " agents (grid \"" + base.fleet().name()
                + "\" on 127.0.0.1).");
        for (FleetOnOneHost.Agent a : fleet.agents()) {
            System.out.println("  " + a.name() + " at " + a.simHost() + " (pid " + a.pid() + ", grid port "
                    + a.gridPort() + ")");
            System.out.println("    Jolokia:  " + a.jolokiaUrl());
            System.out.println("    JMX:      " + (a.jmxUrl() == null ? "(disabled: jmx.enabled is false)" : a.jmxUrl()));
            System.out.println("    Config:   " + a.config());
        }
        System.out.println("  Try:      curl -s " + fleet.agent(0).jolokiaUrl() + "/read/fabric.health:type=Agent");
        System.out.println("  Fabric:   simulated; fire drills with ./fabric-health sim 'COMMAND'");
        System.out.println("Press Ctrl-C to stop them all.");
        System.out.flush();
        boolean[] reported = new boolean[n];
        while (true) {
            int alive = 0;
            for (int i = 0; i < n; i++) {
                if (fleet.isAlive(i)) {
                    alive++;
                } else if (!reported[i] && !stopping.get()) {
                    reported[i] = true;
                    System.err.println("fabric-health: " + fleet.agent(i).name() + " (pid " + fleet.agent(i).pid()
                            + ") exited; the others keep running. Its log ends:\n" + fleet.tail(i, 15));
                }
            }
            if (alive == 0) {
                System.err.println("fabric-health: every agent has exited");
                System.exit(1);
            }
            Thread.sleep(500);
        }
    }

    private static void stop(Home home, PayaraProcess payara, SimulatedFabric fabric) {
        if (payara != null) {
            System.err.println("fabric-health: stopping Payara Micro (pid " + payara.pid() + ")");
            payara.close();
        }
        if (fabric != null) {
            System.err.println("fabric-health: stopping the simulated fabric");
            fabric.close();
            try {
                Files.deleteIfExists(home.runDir().resolve("sim.properties"));
            } catch (IOException e) {
                System.err.println("fabric-health: " + e.getMessage());
            }
        }
    }

    private static void writeSimState(Home home, SimulatedFabric fabric) throws IOException {
        Properties p = new Properties();
        p.setProperty("fifo", fabric.ibsim().consoleFifo().toString());
        p.setProperty("log", fabric.ibsim().log().toString());
        p.setProperty("pid", Long.toString(fabric.ibsim().pid()));
        try (Writer w = Files.newBufferedWriter(home.runDir().resolve("sim.properties"))) {
            p.store(w, "written by ./fabric-health run; read by ./fabric-health sim");
        }
    }

    static void sim(Home home, List<String> opts) throws IOException {
        if (opts.size() != 1) {
            fail(2, USAGE);
        }
        Path state = home.runDir().resolve("sim.properties");
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(state)) {
            p.load(r);
        } catch (IOException e) {
            fail(3, "no simulated fabric is running here (" + state + " is missing): start one with ./fabric-health run");
        }
        long pid = Long.parseLong(p.getProperty("pid"));
        if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            System.out.println(SimConsole.send(Path.of(p.getProperty("fifo")), Path.of(p.getProperty("log")),
                    opts.get(0), Duration.ofMillis(300), Duration.ofSeconds(5)));
        } else {
            fail(3, "the simulator (pid " + pid + ") is gone: start it again with ./fabric-health run");
        }
    }

    /**
     * Runs the burst suite against one peer now, through the running agent, and prints fabtrun's report as the
     * BurstSuite MBean's runNow returns it; exits 1 when a test failed.
     */
    static void bursts(List<String> opts) throws IOException {
        if (opts.isEmpty() || (opts.size() != 1 && opts.size() != 3) || (opts.size() == 3 && !opts.get(1).equals("--jolokia"))) {
            fail(2, USAGE);
        }
        String peer = opts.get(0);
        AgentClient agent = new AgentClient(opts.size() == 3 ? opts.get(2) : AgentClient.DEFAULT_URL);
        String mbean = "fabric.health:type=BurstSuite,peer=" + javax.management.ObjectName.quote(peer);
        System.err.println("fabric-health: running the burst suite against " + peer + " ...");
        try {
            JSONObject runNow = AgentClient.newRequest("exec", mbean);
            runNow.put("operation", "runNow");
            Object table = agent.request(runNow, Duration.ofMinutes(10));
            System.out.print(table);
            if (BurstsExit.anyFailed(String.valueOf(table))) {
                System.exit(1); // as fabtrun's last line says: a failed test fails the command
            }
        } catch (IOException e) {
            String why = e.getMessage();
            fail(3, why.contains("InstanceNotFound") || why.contains(mbean)
                    ? "the agent has no burst suite for " + peer + ": name it in peers and in a bursts schedule's targets"
                    : why);
        }
    }

    private static void fail(int status, String message) {
        System.err.println("fabric-health: " + message);
        System.exit(status);
    }
}
