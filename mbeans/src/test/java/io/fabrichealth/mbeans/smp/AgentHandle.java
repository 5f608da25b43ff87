package io.fabrichealth.mbeans.smp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.management.ObjectName;

/** The test's side of {@link AgentChild}: starts it attached to a {@link SimFabric}, sends commands, reads MBeans. */
final class AgentHandle implements AutoCloseable {
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(60);

    private final Process process;
    private final Writer commands;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Path stderr;

    private AgentHandle(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
        this.commands = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String l = r.readLine(); l != null; l = r.readLine()) {
                    lines.add(l);
                }
            } catch (IOException e) {
                lines.add("ERROR reading the agent: " + e);
            }
        }, "agent-child-reader");
        reader.setDaemon(true);
        reader.start();
    }

    static AgentHandle start(SimFabric fabric, String simHost, Path work) throws IOException {
        return start(fabric, simHost, work, List.of());
    }

    /** @param properties {@code -Dname=value} for the child */
    static AgentHandle start(SimFabric fabric, String simHost, Path work, List<String> properties) throws IOException {
        Path dir = Files.createDirectories(work.resolve("agent"));
        Path err = dir.resolve("stderr");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xcheck:jni", "-XX:+UseSerialGC", "-Xmx256m", "-XX:TieredStopAtLevel=1"));
        command.addAll(properties);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), AgentChild.class.getName()));
        // umad2sim creates ./sys-<pid>/ in the working directory.
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectError(err.toFile());
        pb.environment().putAll(fabric.clientEnv(simHost));
        return new AgentHandle(pb.start(), err);
    }

    /** Runs one sweep; returns "PASS|FAIL <millis> <summary>". */
    String sweep() throws IOException, InterruptedException {
        return ask("sweep");
    }

    String get(ObjectName name, String attribute) throws IOException, InterruptedException {
        return ask("get " + name + " " + attribute);
    }

    String smpProbe(String attribute) throws IOException, InterruptedException {
        return ask("get " + SmpProbeMXBean.OBJECT_NAME + " " + attribute);
    }

    /** The node GUID of the Node MBean with this NodeDescription. */
    long guid(String description) throws IOException, InterruptedException {
        String hex = ask("guid " + description);
        if (hex.isEmpty()) {
            throw new AssertionError("no Node MBean has NodeDescription " + description);
        }
        return Long.parseUnsignedLong(hex.substring(2), 16);
    }

    /** Active alarms as "Kind subject". */
    List<String> alarms() throws IOException, InterruptedException {
        String a = ask("alarms");
        return a.isEmpty() ? List.of() : Arrays.asList(a.split("\\|"));
    }

    /** JMX notifications the Alarms MBean sent so far, as "type message". */
    List<String> notifications() throws IOException, InterruptedException {
        String n = ask("notifications");
        return n.isEmpty() ? List.of() : Arrays.asList(n.split("\\|"));
    }

    private String ask(String command) throws IOException, InterruptedException {
        commands.write(command + "\n");
        commands.flush();
        String answer = next();
        String end = next();
        if (!end.equals(".")) {
            throw new AssertionError("the agent answered '" + command + "' with more than one line: " + answer
                    + "\n" + end);
        }
        if (answer.startsWith("ERROR")) {
            throw new AssertionError("'" + command + "': " + answer);
        }
        return answer;
    }

    private String next() throws IOException, InterruptedException {
        String line = lines.poll(ANSWER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        if (line == null) {
            throw new AssertionError("the agent did not answer within " + ANSWER_TIMEOUT + " (alive: "
                    + process.isAlive() + "); its stderr:\n" + Files.readString(stderr));
        }
        return line;
    }

    String stderr() throws IOException {
        return Files.readString(stderr);
    }

    @Override
    public void close() throws IOException, InterruptedException {
        try {
            if (process.isAlive()) {
                commands.write("quit\n");
                commands.flush();
            }
        } catch (IOException e) {
            // already gone
        }
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}
