package io.fabrichealth.jni;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * libfabric links libinfinipath, whose constructor takes SIGSEGV, SIGBUS, SIGILL, SIGABRT,
 * SIGINT and SIGTERM from the JVM. Before libfhfabric put them back, the first null check in
 * compiled code after loading it killed the JVM with signal 11.
 */
class FabricSignalHandlersTest {

    @Test
    void theJvmStillHandlesItsOwnSignalsAfterLibfabricLoads(@TempDir Path work) throws Exception {
        ChildJvm.Result child = new ChildJvm(work).run(Duration.ofSeconds(60), NullChecksAfterFabric.class);

        Map<String, String> seen = child.values();
        assertThat(child.exitCode()).as(child.describe()).isZero();
        assertThat(seen).containsEntry("fabric.available", "true").containsEntry("caught", "2000");
        assertThat(seen.get("fabric.version")).as("the PSM handlers were seen and undone")
                .containsPattern("; [1-9][0-9]* foreign signal handlers undone");
        assertThat(child.stderr()).doesNotContain("handler modified");
    }
}
