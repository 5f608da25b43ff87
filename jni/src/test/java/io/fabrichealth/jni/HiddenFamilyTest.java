package io.fabrichealth.jni;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A family that cannot load is reported as data; the others keep working and nothing crashes. */
class HiddenFamilyTest {
    private static final Duration CHILD_TIMEOUT = Duration.ofSeconds(60);

    @Test
    void aHostWithoutTheFabricLibraryStillRunsMadProbes(@TempDir Path dir, @TempDir Path work) throws Exception {
        for (NativeFamily family : NativeFamily.values()) {
            if (family != NativeFamily.FABRIC) {
                NativeLibraries.copy(family, dir);
            }
        }

        ChildJvm.Result child = new ChildJvm(work).jvmArg("-D" + NativeLoader.NATIVE_DIR_PROPERTY + "=" + dir)
                .run(CHILD_TIMEOUT, FamilyReport.class);

        Map<String, String> report = child.values();
        assertThat(report).as(child.describe()).containsEntry("done", "true");
        assertThat(report).containsEntry("FABRIC.available", "false")
                .containsEntry("UMAD.available", "true")
                .containsEntry("VERBS.available", "true")
                .containsEntry("RDS.available", "true");
        assertThat(report.get("FABRIC.cause")).isEqualTo("libfhfabric.so not found in " + dir
                + " (set by -Dfabric.health.native.dir); copy it there or unset the property to use the jar's copy");
        assertThat(child.stderr()).doesNotContain("WARNING in native method");
    }

    @Test
    void aCorruptLibraryFileGivesAClearCauseAndNoCrash(@TempDir Path dir, @TempDir Path work) throws Exception {
        for (NativeFamily family : NativeFamily.values()) {
            NativeLibraries.copy(family, dir);
        }
        Files.write(dir.resolve("libfhumad.so"), "this is not an ELF file, just garbage bytes\n".repeat(50).getBytes());

        ChildJvm.Result child = new ChildJvm(work).jvmArg("-D" + NativeLoader.NATIVE_DIR_PROPERTY + "=" + dir)
                .run(CHILD_TIMEOUT, FamilyReport.class);

        Map<String, String> report = child.values();
        assertThat(child.exitCode()).as(child.describe()).isZero();
        assertThat(report).containsEntry("UMAD.available", "false").containsEntry("FABRIC.available", "true");
        assertThat(report.get("UMAD.cause")).startsWith("libfhumad.so is not a usable shared object (")
                .contains("invalid ELF header")
                .endsWith("reinstall the fabric-health-jni jar or fix the file in -Dfabric.health.native.dir");
    }
}
