package io.fabrichealth.probes.bursts;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Starts a test main in its own JVM (same java and classes, -Xcheck:jni, libjsig preloaded): for what
 * needs a process of its own, such as FI_* variables libfabric reads once, or a target to kill.
 */
final class ChildJvm {
    private ChildJvm() {
    }

    static Process start(Path workDir, Map<String, String> env, Class<?> main, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xcheck:jni", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xmx256m", "-cp",
                CachelessRunner.classpath() + File.pathSeparator + codeSource(main)));
        command.add(main.getName());
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile())
                .redirectOutput(workDir.resolve("child.out").toFile())
                .redirectError(workDir.resolve("child.err").toFile());
        pb.environment().putAll(env);
        pb.environment().put("LD_PRELOAD", CachelessRunner.withJsig(pb.environment().get("LD_PRELOAD")));
        return pb.start();
    }

    private static String codeSource(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (Exception e) {
            throw new AssertionError("cannot find the test classes of " + c.getName(), e);
        }
    }
}
