package io.fabrichealth.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** What the benches that run an agent on Payara Micro share: ports, the agent's config, the bare WAR, RSS. */
public final class BenchAgents {

    private BenchAgents() {
    }

    /**
     * Extra JVM flags a bench was given in a system property, split on blanks (e.g. {@code -Dsweep.javaOpts=...} for a
     * JFR recording); empty when the property is unset or blank.
     */
    public static List<String> flags(String property) {
        String value = System.getProperty(property, "").trim();
        return value.isEmpty() ? List.of() : List.of(value.split("\\s+"));
    }

    /** A port free on 127.0.0.1 now (benches talk only to loopback). */
    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on 127.0.0.1", e);
        }
    }

    /**
     * Writes {@code work/agent.yaml}: the agent's name and state folder, {@code httpPort}, no JMX, burst and ping-pong
     * listeners on free loopback ports, then {@code more} (schedules, fleet, ...; YAML at the top level).
     */
    public static Path config(Path work, String name, int httpPort, String more) throws IOException {
        Files.createDirectories(work);
        Path config = work.resolve("agent.yaml");
        Files.writeString(config, """
                agent:
                  name: %s
                  stateDir: %s
                http:
                  port: %d
                jmx:
                  enabled: false
                bursts:
                  listen: 127.0.0.1:%d
                pingpong:
                  listen: 127.0.0.1:%d
                """.formatted(name, work.resolve("state"), httpPort, freePort(), freePort()) + more);
        return config;
    }

    /** A WAR with one static page: bare Payara Micro, to measure the agent against. */
    public static Path emptyWar(Path work) throws IOException {
        Path war = work.resolve("empty.war");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(war))) {
            out.putNextEntry(new ZipEntry("index.html"));
            out.write("bare".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return war;
    }

    /** VmRSS of a process in KiB, 0 once it is gone. */
    public static long rssKiB(long pid) throws IOException {
        Path status = Path.of("/proc/" + pid + "/status");
        if (!Files.exists(status)) {
            return 0;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("\\D", ""));
            }
        }
        return 0;
    }

    /** Removes a bench's work folder. */
    public static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
