package io.fabrichealth.testbed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartupFailureTest {

    @Test
    void a_missing_topology_file_fails_with_ibsims_own_error(@TempDir Path work) {
        Path missing = work.resolve("no-such.topo");

        assertThatThrownBy(() -> SimulatedFabric.start(missing, true, work))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("can't open net configuration file")
                .hasMessageContaining(missing.toString());
    }

    @Test
    void a_garbage_topology_fails_with_ibsims_parse_error(@TempDir Path work) throws Exception {
        Path garbage = Files.writeString(work.resolve("garbage.topo"), "hello\nSwitch without ports\n");

        assertThatThrownBy(() -> SimulatedFabric.start(garbage, true, work))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("parsing failed");
    }

    @Test
    void a_topology_with_a_dangling_cable_fails_naming_the_bad_port(@TempDir Path work) throws Exception {
        Path bad = Files.writeString(work.resolve("bad.topo"),
                "Switch 4 \"sw\"\n[1] \"hca\"[9]\n\nHca 1 \"hca\"\n[1] \"sw\"[1]\n");

        assertThatThrownBy(() -> Ibsim.start(bad, work, Duration.ofSeconds(10)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("bad remote port 9");
    }

    @Test
    void the_console_of_a_simulator_that_is_gone_answers_empty_instead_of_blocking(@TempDir Path work)
            throws Exception {
        Path fifo = work.resolve("orphan.in");
        WorkFiles.mkfifo(fifo);
        Path log = Files.createFile(work.resolve("orphan.log"));

        long t0 = System.nanoTime();
        String answer = SimConsole.send(fifo, log, "Attached", Duration.ofMillis(50), Duration.ofMillis(300));

        assertThat(answer).isEmpty();
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(3));
    }
}
