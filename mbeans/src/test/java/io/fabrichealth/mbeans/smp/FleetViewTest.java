package io.fabrichealth.mbeans.smp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The fleet view in the Port and Node MBeans; the checks are in {@link FleetViewChild}, run in its own JVM. */
@Timeout(150)
class FleetViewTest {

    @Test
    void portAndNodeMBeansShowTheWholeFabricWithSweptByAndCountersEqualPerfquerys(@TempDir Path work)
            throws Exception {
        try (SimFabric fabric = SimFabric.start("faults.topo", work)) {
            fabric.consoleAndWait("PerformanceSet \"leaf1\"[1] PortCounters.SymbolErrorCounter=1111");
            fabric.consoleAndWait("PerformanceSet \"leaf2\"[1] PortCounters.SymbolErrorCounter=2222");
            Path dir = Files.createDirectories(work.resolve("child"));
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "-Xcheck:jni", "-XX:+UseSerialGC", "-Xmx256m", "-XX:TieredStopAtLevel=1",
                    "-cp", System.getProperty("java.class.path"), FleetViewChild.class.getName()));
            // umad2sim creates ./sys-<pid>/ in the working directory.
            ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectOutput(dir.resolve("stdout").toFile()).redirectError(dir.resolve("stderr").toFile());
            pb.environment().putAll(fabric.clientEnv("host1"));
            Process child = pb.start();
            boolean done = child.waitFor(120, TimeUnit.SECONDS);
            if (!done) {
                child.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
            String out = Files.readString(dir.resolve("stdout"), StandardCharsets.UTF_8);
            String err = Files.readString(dir.resolve("stderr"), StandardCharsets.UTF_8);
            assertThat(done).as("the child finished; stdout:\n%s\nstderr:\n%s", out, err).isTrue();
            assertThat(child.exitValue()).as("the child's exit; stdout:\n%s\nstderr:\n%s", out, err).isZero();
            assertThat(err).doesNotContain("WARNING in native method");
            assertThat(out).contains("leaf1SymbolErrorCounter=1111", "leaf2SymbolErrorCounter=2222", "fleetView=ok");
        }
    }
}
