package io.fabrichealth.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code ./fabric-health run} does after its install and build steps: the launcher brings up ibsim, opensm and
 * Payara, prints where to read the agent, and Ctrl-C leaves none of them behind.
 */
class LauncherIT {
    @TempDir
    Path work;

    @Test
    void runServesTheAgentAndCtrlCLeavesNothingBehind() throws Exception {
        int http = HostProcess.freePort();
        int jmx = HostProcess.freePort();
        int burst = HostProcess.freePort();
        int pingpong = HostProcess.freePort();
        Path config = work.resolve("run.yaml");
        Files.writeString(config, """
                http:
                  port: %d
                jmx:
                  port: %d
                fabric:
                  mode: simulated
                simulation:
                  topology: bundled
                bursts:
                  listen: 127.0.0.1:%d
                  suite: {get: [default], put: [default, contiguous]}
                pingpong:
                  listen: 127.0.0.1:%d
                agent:
                  stateDir: %s
                schedules:
                  - {name: smp-sweep, probe: smp-sweep, every: 30s}
                  - {name: bursts, probe: bursts, every: 600s}
                  - {name: pingpong, probe: pingpong, every: 60s, enabled: false}
                """.formatted(http, jmx, burst, pingpong, work.resolve("state")));
        // The default schedules, except that no scheduled ping-pong runs: the pingpong command's run must be the
        // last one its PingPong MBean shows when the test compares them.
        Path root = Path.of("..").toAbsolutePath().normalize();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        // env --default-signal=INT: a build started in the background by a non-interactive shell (nohup, CI
        // wrappers) inherits SIGINT ignored, and a JVM that starts with SIGINT ignored never sees Ctrl-C.
        ProcessBuilder pb = new ProcessBuilder("env", "--default-signal=INT",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", cp, "io.fabrichealth.cli.Launcher", "--home", root.toString(), "run",
                "--config", config.toString());
        pb.redirectError(work.resolve("launcher.err").toFile());
        Process launcher = pb.start();
        List<String> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(launcher.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                out.add(line);
                if (line.startsWith("Press Ctrl-C")) {
                    break;
                }
            }
            assertThat(out).as("launcher stderr:\n" + Files.readString(work.resolve("launcher.err")))
                    .anyMatch(l -> l.contains("http://127.0.0.1:" + http + "/jolokia"))
                    .anyMatch(l -> l.contains("rmi://127.0.0.1:" + jmx + "/jmxrmi"));

            Jolokia.Answer a = new Jolokia(http).get("/read/fabric.health:type=Agent/Fabric");
            assertThat(a.status()).as(a.body()).isEqualTo(200);
            @SuppressWarnings("unchecked")
            Map<String, Object> fabric = (Map<String, Object>) a.value();
            assertThat(fabric.get("mode")).isEqualTo("simulated");
            assertThat(fabric.get("simHost")).as("the agent attaches at the first HCA").isEqualTo("node01");
            // Java's HttpClient asks for an h2c upgrade. The listener declines it (HTTP/2 is off: see PayaraProcess),
            // and BulkReads answers the bulk read over HTTP/1.1 all the same, reading the body to Content-Length.
            HttpResponse<String> bulk = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + http + "/jolokia/")).timeout(Duration.ofSeconds(20))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
                            "[{\"type\":\"read\",\"mbean\":\"fabric.health:type=Agent\","
                                    + "\"attribute\":[\"Version\",\"Fabric\"]}]")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(bulk.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
            assertThat(bulk.body()).contains("\"status\":200").contains("\"simHost\":\"node01\"");
            String url = "service:jmx:rmi:///jndi/rmi://127.0.0.1:" + jmx + "/jmxrmi";
            try (JMXConnector c = JMXConnectorFactory.connect(new JMXServiceURL(url))) {
                assertThat(c.getMBeanServerConnection().getAttribute(new ObjectName("fabric.health:type=Agent"), "Version"))
                        .isNotNull();
            }

            // ./fabric-health bursts PEER: the suite runs now, through the agent, and prints fabtrun's table.
            Process bursts = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", cp, "io.fabrichealth.cli.Launcher", "--home", root.toString(), "bursts",
                    "127.0.0.1:" + burst, "--jolokia", "http://127.0.0.1:" + http + "/jolokia")
                    .redirectErrorStream(true).start();
            String table = new String(bursts.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(bursts.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(table).as(table).contains("get parameter set", "put parameter set", "\ncontiguous ", "key:",
                    "\n3 tests, 3 succeeded, 0 failed\n");

            pingPongReadsLikeRdsStressAndAgreesWithItsMBean(cp, http, pingpong);

            // ./fabric-health ports: after the first sweep, the degraded node04 link is listed first, with its rule.
            String ports = Awaitility.await("./fabric-health ports lists node04").atMost(Duration.ofSeconds(120))
                    .pollDelay(Duration.ZERO).pollInterval(Duration.ofSeconds(1)).until(() -> {
                        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
                                .toString(), "-cp", cp, "io.fabrichealth.cli.ports.PortsReport", "--url",
                                "http://127.0.0.1:" + http + "/jolokia").redirectErrorStream(true).start();
                        String report = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
                        return report;
                    }, report -> report.contains("node04"));
            assertThat(ports).as(ports).contains("node04").contains("Could be");

            // ./fabric-health mads: smp_mad_stress's table from the agent's own engine, targets named as the sweep
            // knows them; a bad attribute is refused naming the accepted ones.
            String jolokia = "http://127.0.0.1:" + http + "/jolokia";
            String[] mads = run(cp, root, work.resolve("mads.err"), "mads", "leaf-a", "node02", "-t", "1",
                    "--jolokia", jolokia);
            assertThat(mads[0]).as(mads[1] + mads[2]).isEqualTo("0");
            assertThat(mads[1]).as(mads[1])
                    .contains("Switch: \"leaf-a\" (0x").contains("Channel Adapter: \"node02\" (0x")
                    .contains("| Destnation queue depth | MAD/s | sent")
                    .containsPattern("\\| 1 +\\| [1-9]\\d* +\\|").containsPattern("\\| 2 +\\| [1-9]\\d* +\\|");
            Jolokia.Answer most = new Jolokia(http).get("/read/fabric.health:type=SmpProbe/MaxInFlightPerDestination");
            assertThat(((Number) most.value()).intValue()).as(most.body()).isBetween(1, 2);
            String[] bad = run(cp, root, work.resolve("mads-bad.err"), "mads", "leaf-a", "-a", "LinearForwardingTable",
                    "-t", "1", "--jolokia", jolokia);
            assertThat(bad[0]).as(bad[1] + bad[2]).isEqualTo("2");
            assertThat(bad[2]).contains("unknown SMP attribute 'LinearForwardingTable'")
                    .contains("NodeInfo (0x11), NodeDesc (0x10), PortInfo (0x15), SwitchInfo (0x12)");

            List<ProcessHandle> children = launcher.toHandle().descendants().toList();
            assertThat(children).as("ibsim, opensm and Payara run under the launcher").hasSizeGreaterThanOrEqualTo(3);
            new ProcessBuilder("kill", "-INT", Long.toString(launcher.pid())).start().waitFor();
            assertThat(launcher.waitFor(90, TimeUnit.SECONDS)).as("launcher exits after Ctrl-C").isTrue();
            for (ProcessHandle child : children) {
                child.onExit().get(10, TimeUnit.SECONDS);
                assertThat(child.isAlive()).as("left behind: " + child.info().commandLine().orElse("?")).isFalse();
            }
        } finally {
            if (launcher.isAlive()) {
                launcher.descendants().forEach(ProcessHandle::destroyForcibly);
                launcher.destroyForcibly();
            }
        }
    }

    /**
     * ./fabric-health pingpong against the agent's own responder: rds-stress's header, a line per second, the rule,
     * the average and the p50/p99 line; the average's tx/s and rtt are the PingPong MBean's for the same run. Then a
     * corrupted ack (the responder's fire drill) prints its offset and bytes and the command exits non-zero.
     */
    private static void pingPongReadsLikeRdsStressAndAgreesWithItsMBean(String cp, int http, int pingpong)
            throws Exception {
        String peer = "127.0.0.1:" + pingpong;
        String jolokia = "http://127.0.0.1:" + http + "/jolokia";
        Command run = command(cp, "io.fabrichealth.cli.pingpong.PingPongReport", peer, "--transport", "fabric",
                "-q", "1K", "-a", "64", "-d", "2", "-t", "2", "-T", "3", "-v", "--jolokia", jolokia);
        assertThat(run.status()).as(run.out()).isZero();
        List<String> lines = run.out().lines().filter(l -> !l.startsWith("fabric-health:")).toList();
        assertThat(lines.get(0)).isEqualTo("tsks   tx/s   rx/s  tx+rx K/s    mbi K/s    mbo K/s tx us/c   rtt us cpu %");
        int rule = lines.indexOf("-".repeat(45));
        assertThat(rule).as(run.out()).isBetween(3, 5); // a line per whole second of a 3 s run
        for (String second : lines.subList(1, rule)) {
            assertThat(second).as(run.out()).matches("   2 +\\d+ +\\d+ +[0-9.]+ +0\\.00 +0\\.00 +[0-9.]+ +[0-9.]+ -1\\.00");
        }
        String average = lines.get(rule + 1);
        assertThat(average).as(run.out()).endsWith("  (average)").startsWith("   2 ");
        assertThat(lines.get(rule + 2)).matches("rtt us p50 [0-9.]+ p99 [0-9.]+");
        String[] columns = average.trim().split(" +");
        double txPerSecond = Double.parseDouble(columns[1]);
        double rtt = Double.parseDouble(columns[7]);
        Jolokia.Answer mbean = new Jolokia(http).get("/read/" + java.net.URLEncoder.encode(
                "fabric.health:type=PingPong,transport=fabric,peer=\"" + peer + "\"", StandardCharsets.UTF_8)
                .replace("+", "%20"));
        assertThat(mbean.status()).as(mbean.body()).isEqualTo(200);
        @SuppressWarnings("unchecked")
        Map<String, Object> view = (Map<String, Object>) mbean.value();
        assertThat(txPerSecond).as("tx/s against the MBean's TxPerSecond\n" + run.out())
                .isCloseTo(((Number) view.get("TxPerSecond")).doubleValue(), org.assertj.core.data.Percentage.withPercentage(10));
        assertThat(rtt).as("rtt us against the MBean's RttMeanMicros\n" + run.out())
                .isCloseTo(((Number) view.get("RttMeanMicros")).doubleValue(), org.assertj.core.data.Percentage.withPercentage(10));

        Jolokia.Answer armed = new Jolokia(http).post("{\"type\":\"exec\",\"mbean\":\"fabric.health:type=PingPongResponder\","
                + "\"operation\":\"corruptNextPayloads\",\"arguments\":[1]}");
        assertThat(armed.status()).as(armed.body()).isEqualTo(200);
        Command corrupted = command(cp, "io.fabrichealth.cli.pingpong.PingPongReport", peer, "--transport", "fabric",
                "-T", "1", "--jolokia", jolokia);
        assertThat(corrupted.status()).as(corrupted.out()).isEqualTo(1);
        assertThat(corrupted.out()).containsPattern("corruption: .*first bad byte at payload offset \\d+.*expected [0-9a-f]+, actual [0-9a-f]+");
    }

    private record Command(int status, String out) {
    }

    private static Command command(String cp, String main, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", cp, main));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(out).isTrue();
        return new Command(p.exitValue(), out);
    }

    /** One Launcher command to the running agent: exit status, stdout, stderr. */
    private static String[] run(String cp, Path root, Path err, String... command) throws Exception {
        List<String> argv = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", cp, "io.fabrichealth.cli.Launcher", "--home", root.toString()));
        argv.addAll(List.of(command));
        Process p = new ProcessBuilder(argv).redirectError(err.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(String.join(" ", command)).isTrue();
        return new String[] {Integer.toString(p.exitValue()), out, Files.readString(err)};
    }
}
