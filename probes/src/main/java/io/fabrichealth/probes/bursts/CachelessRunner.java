package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.alarms.AlarmSink;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Every set with the cacheless keyword. libfabric reads FI_MR_CACHE_MAX_SIZE once per process, when it
 * initialises, so the agent's own JVM cannot turn its MR cache off for one burst. The initiator side of this
 * burst runs in a short-lived JVM started with FI_MR_CACHE_MAX_SIZE=0, and that is all cacheless changes: the
 * child runs the test's phase and its other keywords exactly as the agent would (buffers registered once unless
 * reregister is also given). The child reports the FI_* environment libfabric was opened with, and the result
 * is ok only when that shows the cache off. (The target side stays in the agent, at defaults.)
 */
final class CachelessRunner {
    static final String CACHE_VARIABLE = "FI_MR_CACHE_MAX_SIZE";
    private static final Duration JVM_START = Duration.ofSeconds(20);

    private CachelessRunner() {
    }

    /** @param alarms where the helper's alarms (a Corruption it found) are raised again, in the agent */
    static BurstResult run(BurstPlan plan, HostPort target, String identity, String burstId, boolean more,
            AlarmSink alarms) {
        Instant at = Instant.now();
        String peer = target.toString();
        Path work = null;
        try {
            work = Files.createTempDirectory("fh-cacheless");
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xmx256m", "-cp", classpath()));
            command.add(CachelessChild.class.getName());
            command.addAll(CachelessChild.arguments(plan, target, identity, burstId, more));
            Path out = work.resolve("child.out");
            Path err = work.resolve("child.err");
            ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile()).redirectOutput(out.toFile())
                    .redirectError(err.toFile());
            pb.environment().put(CACHE_VARIABLE, "0");
            pb.environment().put("LD_PRELOAD", withJsig(pb.environment().get("LD_PRELOAD")));
            Process child = pb.start();
            Duration limit = plan.maxDuration().plus(plan.stallTimeout().multipliedBy(3)).plus(JVM_START);
            if (!child.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                child.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                return fail(peer, plan, "the cacheless helper JVM did not finish within " + limit.toSeconds() + " s", at);
            }
            Map<String, String> values = parse(Files.readString(out, StandardCharsets.UTF_8));
            raiseForwarded(values, alarms);
            if (child.exitValue() != 0 || !values.containsKey("outcome")) {
                return fail(peer, plan, "the cacheless helper JVM exited " + child.exitValue() + ": "
                        + tail(Files.readString(err, StandardCharsets.UTF_8)), at);
            }
            return result(peer, plan, values, at);
        } catch (IOException e) {
            return fail(peer, plan, "cannot start the cacheless helper JVM: " + e.getMessage(), at);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return fail(peer, plan, "interrupted while the cacheless helper JVM ran", at);
        } finally {
            deleteQuietly(work);
        }
    }

    private static BurstResult result(String peer, BurstPlan plan, Map<String, String> values, Instant at) {
        Map<String, String> facts = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (k.startsWith("fact.")) {
                facts.put(k.substring(5), v);
            }
        });
        String cache = values.getOrDefault("env." + CACHE_VARIABLE, "");
        facts.put("mrCacheAtInit", CACHE_VARIABLE + "=" + (cache.isEmpty() ? "(unset)" : cache) + " in helper pid "
                + values.getOrDefault("pid", "?"));
        BurstResult.Outcome outcome = BurstResult.Outcome.valueOf(values.get("outcome"));
        String reason = values.getOrDefault("reason", "");
        if (outcome == BurstResult.Outcome.OK && !"0".equals(cache)) {
            outcome = BurstResult.Outcome.FAIL;
            reason = "the helper JVM's libfabric was initialised with " + CACHE_VARIABLE + "="
                    + (cache.isEmpty() ? "(unset)" : cache) + ", so the MR cache was not off";
        }
        return new BurstResult(peer, plan.phase(), plan.set(), outcome, reason,
                Long.parseLong(values.getOrDefault("bytes", "0")), Long.parseLong(values.getOrDefault("ops", "0")),
                Duration.ofNanos(Long.parseLong(values.getOrDefault("nanos", "0"))),
                Boolean.parseBoolean(values.getOrDefault("capped", "false")), at, Map.copyOf(facts));
    }

    private static BurstResult fail(String peer, BurstPlan plan, String why, Instant at) {
        return BurstResult.failed(peer, plan, why, Duration.between(at, Instant.now()), at);
    }

    /** The helper's {@code alarm.N=kind TAB subject TAB details} lines. */
    private static void raiseForwarded(Map<String, String> values, AlarmSink alarms) {
        values.forEach((k, v) -> {
            String[] parts = v.split("\t", 3);
            if (k.startsWith("alarm.") && parts.length == 3) {
                alarms.raise(AlarmKind.valueOf(parts[0]), parts[1], parts[2]); // the child wrote kind.name()
            }
        });
    }

    static Map<String, String> parse(String output) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String line : output.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                values.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return values;
    }

    /**
     * The jars (or class folders) of probes, config, alarms and jni. In Payara java.class.path is only Payara's own
     * jar, so the code sources of the classes themselves are used.
     */
    static String classpath() {
        Set<String> entries = new LinkedHashSet<>();
        for (Class<?> c : new Class<?>[] {CachelessRunner.class, io.fabrichealth.config.BurstsConfig.class,
            io.fabrichealth.alarms.AlarmSink.class, io.fabrichealth.jni.Fabric.class}) {
            try {
                entries.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
            } catch (Exception | LinkageError e) {
                // fall back to the JVM's class path below
            }
        }
        entries.add(System.getProperty("java.class.path"));
        return String.join(File.pathSeparator, entries);
    }

    /**
     * libjsig first, so libfabric's PSM constructor cannot take the JVM's signal handlers. umad2sim is dropped: the
     * helper sends no MADs, and umad2sim would attach it to ibsim as one more client (ibsim takes ten at most, and
     * retries forever when the simulator has gone).
     */
    static String withJsig(String preload) {
        String jsig = Path.of(System.getProperty("java.home"), "lib", "libjsig.so").toString();
        StringBuilder out = new StringBuilder(jsig);
        for (String lib : preload == null ? new String[0] : preload.split("[: ]")) {
            if (!lib.isBlank() && !lib.endsWith("/libjsig.so") && !lib.contains("umad2sim")) {
                out.append(':').append(lib);
            }
        }
        return out.toString();
    }

    private static String tail(String text) {
        String t = text.strip();
        return t.length() > 400 ? "..." + t.substring(t.length() - 400) : t;
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover temp folder is harmless
        }
    }
}
