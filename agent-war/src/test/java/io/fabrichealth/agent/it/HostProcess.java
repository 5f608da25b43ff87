package io.fabrichealth.agent.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;

/** A {@link PayaraHost} JVM for the tests: started with the agent WAR, driven over stdin, killed by PID. */
final class HostProcess implements AutoCloseable {
    static final Path PAYARA = Path.of(System.getProperty("payara.jar", "target/payara/payara-micro.jar"));
    static final Path WAR = Path.of(System.getProperty("agent.war", "target/fabric-health.war"));
    static final Path JNI = Path.of(System.getProperty("jni.jar", "missing-jni.jar"));

    private final Process process;
    private final Writer stdin;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Path log;
    final int httpPort;

    private HostProcess(Process process, Path log, int httpPort) {
        this.process = process;
        this.log = log;
        this.httpPort = httpPort;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    lines.add(line);
                }
            } catch (IOException ignored) {
                // process gone
            }
        }, "payara-host-stdout");
        reader.setDaemon(true);
        reader.start();
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    static HostProcess start(Path work, Path configFile, Map<String, String> env, List<String> jvmArgs) throws IOException {
        for (Path p : List.of(PAYARA, WAR, JNI)) {
            if (!Files.isRegularFile(p)) {
                throw new IOException(p + " is missing: run the tests through Maven (./fabric-health test), which builds it");
            }
        }
        int port = freePort();
        Files.createDirectories(work);
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Dfabric.health.config=" + configFile.toAbsolutePath()));
        cmd.addAll(manifestOpens());
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-cp", PAYARA.toAbsolutePath() + ":" + Path.of("target/test-classes").toAbsolutePath(),
                PayaraHost.class.getName(), Integer.toString(port), "127.0.0.1", WAR.toAbsolutePath().toString(),
                JNI.toAbsolutePath().toString(), work.resolve("root").toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile());
        pb.environment().putAll(env);
        pb.environment().put("LD_PRELOAD", io.fabrichealth.cli.payara.PayaraProcess.withJsig(env.get("LD_PRELOAD")));
        Path log = work.resolve("payara.log");
        pb.redirectError(log.toFile());
        HostProcess host = new HostProcess(pb.start(), log, port);
        host.expect("READY", Duration.ofSeconds(150));
        return host;
    }

    /** Payara's manifest lists what it must open when run with -jar; with -cp we pass the same by hand. */
    private static List<String> manifestOpens() throws IOException {
        List<String> args = new ArrayList<>();
        try (JarFile jar = new JarFile(PAYARA.toFile())) {
            var attrs = jar.getManifest().getMainAttributes();
            for (String m : attrs.getValue("Add-Opens").trim().split("\\s+")) {
                args.add("--add-opens=" + m + "=ALL-UNNAMED");
            }
            for (String m : attrs.getValue("Add-Exports").trim().split("\\s+")) {
                args.add("--add-exports=" + m + "=ALL-UNNAMED");
            }
        }
        return args;
    }

    void redeploy() throws IOException {
        stdin.write("redeploy\n");
        stdin.flush();
        expect("REDEPLOYED", Duration.ofSeconds(120));
    }

    private void expect(String word, Duration timeout) throws IOException {
        try {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline) {
                String line = lines.poll(200, TimeUnit.MILLISECONDS);
                if (word.equals(line)) {
                    return;
                }
                if (line != null && line.startsWith("FAILED")) {
                    throw new IOException("Payara host: " + line + "\n" + tail());
                }
                if (line == null && !process.isAlive()) {
                    throw new IOException("Payara host exited with " + process.exitValue() + "\n" + tail());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        throw new IOException("no " + word + " from the Payara host within " + timeout.toSeconds() + " s\n" + tail());
    }

    String tail() {
        try {
            List<String> all = Files.readAllLines(log);
            return String.join("\n", all.subList(Math.max(0, all.size() - 60), all.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }

    String log() throws IOException {
        return Files.readString(log);
    }

    @Override
    public void close() {
        try {
            stdin.write("quit\n");
            stdin.flush();
            if (process.waitFor(30, TimeUnit.SECONDS)) {
                return;
            }
        } catch (IOException | InterruptedException ignored) {
            // fall through to kill
        }
        process.destroyForcibly();
    }
}
