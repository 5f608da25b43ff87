package io.fabrichealth.testbed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FabricLifecycleTest {

    @Test
    void close_leaves_no_ibsim_or_opensm_process_and_a_second_close_is_harmless(@TempDir Path work) {
        SimulatedFabric fabric = SimulatedFabric.start(Topologies.bundled(), true, work);
        long ibsimPid = fabric.ibsim().pid();
        long opensmPid = fabric.opensm().pid();
        assertThat(alive(ibsimPid)).isTrue();
        assertThat(alive(opensmPid)).isTrue();

        fabric.close();

        assertThat(alive(opensmPid)).as("opensm pid %d", opensmPid).isFalse();
        assertThat(alive(ibsimPid)).as("ibsim pid %d", ibsimPid).isFalse();
        fabric.close();
        assertThatThrownBy(() -> fabric.console("Attached"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
        assertThat(fabric.ibsim().consoleFifo()).doesNotExist();
    }

    @Test
    void closing_opensm_frees_its_ibsim_client_slot_and_its_umad2sim_folder(@TempDir Path work) throws Exception {
        try (Ibsim sim = Ibsim.start(Topologies.bundled(), work, Duration.ofSeconds(10))) {
            OpenSm sm = OpenSm.start(sim, "node02", work, Duration.ofSeconds(30));
            assertThat(sim.console("Attached")).contains("pid " + sm.pid() + " connected at \"node02\"");
            assertThat(sim.clientsStarted()).isEqualTo(1);

            sm.close();

            assertThat(sim.console("Attached")).doesNotContain("pid " + sm.pid());
            assertThat(sim.clientsStarted()).isZero();
            try (Stream<Path> s = Files.walk(work)) {
                assertThat(s.filter(p -> p.getFileName().toString().startsWith("sys-"))).isEmpty();
            }
        }
    }

    @Test
    void a_client_killed_without_goodbye_keeps_its_slot_until_released(@TempDir Path work) {
        try (Ibsim sim = Ibsim.start(Topologies.bundled(), work, Duration.ofSeconds(10));
             OpenSm sm = OpenSm.start(sim, "node03", work, Duration.ofSeconds(30))) {
            ProcessHandle opensm = ProcessHandle.of(sm.pid()).orElseThrow();
            opensm.destroyForcibly();
            opensm.onExit().join();
            assertThat(sim.console("Attached")).as("ibsim still counts a SIGKILLed client")
                    .contains("pid " + sm.pid());

            sim.release(sm.pid());

            assertThat(sim.console("Attached")).doesNotContain("pid " + sm.pid());
        }
    }

    @Test
    void a_tool_that_overruns_its_timeout_is_stopped_and_reported(@TempDir Path work) {
        try (SimulatedFabric fabric = SimulatedFabric.start(Topologies.bundled(), false, work)) {
            ToolResult r = fabric.tool("node01", Duration.ofMillis(300), "sleep", "30");

            assertThat(r.exitCode()).isEqualTo(ToolResult.TIMED_OUT);
            assertThat(r.stderr()).contains("stopped after its timeout of PT0.3S");
            assertThat(r.took()).isLessThan(Duration.ofSeconds(5));
            assertThat(fabric.ibsim().clientsStarted()).isZero();
            assertThat(work.resolve("clients")).isEmptyDirectory();
        }
    }

    @Test
    void the_tenth_client_started_through_one_ibsim_is_refused_with_a_clear_message(@TempDir Path work)
            throws Exception {
        try (Ibsim sim = Ibsim.start(Topologies.bundled(), work, Duration.ofSeconds(10))) {
            // sleep stands in for long-running clients: this checks our own count, which ibsim cannot report
            // for clients that have not attached yet.
            List<Process> clients = new ArrayList<>();
            for (int i = 0; i < Ibsim.MAX_CLIENTS; i++) {
                clients.add(sim.startClient(new ProcessBuilder("sleep", "30"), null));
            }
            assertThat(sim.clientsStarted()).isEqualTo(9);

            assertThatThrownBy(() -> sim.startClient(new ProcessBuilder("sleep", "30"), null))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("10 slots");

            sim.close();
            assertThat(clients).noneMatch(Process::isAlive);
        }
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }
}
