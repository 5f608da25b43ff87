package io.fabrichealth.jni;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a test main in a fresh JVM (same java, same classpath, -Xcheck:jni), for what one JVM
 * cannot do twice: load natives from another directory, or run under LD_PRELOAD=umad2sim.
 * Children write "key=value" lines through {@link Report}; {@link Result#values()} collects them.
 */
final class ChildJvm {
    private final Map<String, String> env = new LinkedHashMap<>();
    private final List<String> jvmArgs = new ArrayList<>();
    private final Path workDir;

    /** {@code workDir} holds the child's output files and is its working directory. */
    ChildJvm(Path workDir) {
        this.workDir = workDir;
    }

    ChildJvm env(String key, String value) {
        env.put(key, value);
        return this;
    }

    ChildJvm env(Map<String, String> values) {
        env.putAll(values);
        return this;
    }

    ChildJvm jvmArg(String arg) {
        jvmArgs.add(arg);
        return this;
    }

    Result run(Duration timeout, Class<?> main, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of("-Xcheck:jni", "-XX:+UseSerialGC", "-Xmx128m", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path")));
        Path report = workDir.resolve("child.report");
        Files.deleteIfExists(report);
        command.add("-D" + Report.PROPERTY + "=" + report);
        command.addAll(jvmArgs);
        command.add(main.getName());
        command.addAll(List.of(args));
        Path out = workDir.resolve("child.out");
        Path err = workDir.resolve("child.err");
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().putAll(env);
        long start = System.nanoTime();
        Process process = builder.start();
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                throw new AssertionError(main.getSimpleName() + " did not finish within " + timeout
                        + "; stdout:\n" + read(out) + "\nstderr:\n" + read(err));
            }
        } finally {
            process.destroyForcibly();
        }
        return new Result(process.exitValue(), read(report), read(out), read(err),
                Duration.ofNanos(System.nanoTime() - start));
    }

    private static String read(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }

    record Result(int exitCode, String report, String stdout, String stderr, Duration took) {
        Map<String, String> values() {
            Map<String, String> values = new LinkedHashMap<>();
            for (String line : report.split("\n")) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    values.put(line.substring(0, eq), line.substring(eq + 1));
                }
            }
            return values;
        }

        /** For assertion messages. */
        String describe() {
            return "exit " + exitCode + " after " + took.toMillis() + " ms\nreport:\n" + report + "\nstdout:\n" + stdout
                    + "\nstderr:\n" + stderr;
        }
    }
}
