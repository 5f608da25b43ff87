package io.fabrichealth.testbed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The bundled fabric, started once for this class: what the agent and its tests will see. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BundledFabricTest {

    private static final Duration TOOL_TIMEOUT = Duration.ofSeconds(15);

    private SimulatedFabric fabric;

    @BeforeAll
    void startFabric(@TempDir Path work) {
        fabric = SimulatedFabric.start(Topologies.bundled(), true, work);
    }

    @AfterAll
    void stopFabric() {
        if (fabric != null) {
            fabric.close();
        }
    }

    @Test
    void the_bundled_fabric_comes_up_and_ibnetdiscover_finds_2_switches_4_hcas_and_6_links() throws Exception {
        assertThat(Files.readString(fabric.opensm().log())).contains("SUBNET UP");

        ToolResult r = fabric.tool("node01", TOOL_TIMEOUT, "ibnetdiscover");

        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(Diags.count(r.stdout(), "Switch\t")).isEqualTo(2);
        assertThat(Diags.count(r.stdout(), "Ca\t")).isEqualTo(4);
        assertThat(Diags.linkEnds(r.stdout())).as("2 ends per cable: 4 HCA cables + 2 between the switches")
                .isEqualTo(12);
        assertThat(r.stdout()).contains("\"leaf-a\"", "\"leaf-b\"", "\"node01\"", "\"node04\"");
    }

    @Test
    void iblinkinfo_marks_exactly_one_link_and_it_is_node04s_degraded_1x_link() {
        ToolResult r = fabric.tool("node01", TOOL_TIMEOUT, "iblinkinfo");

        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(Diags.linksMarkedCouldBe(r.stdout())).as(r.stdout()).containsExactly("leaf-b[2]-node04[1]");
        assertThat(Diags.linkStates(r.stdout(), "leaf-b[2]-node04[1]"))
                .hasSize(2).allSatisfy(s -> assertThat(s).startsWith("1X").contains("Active"));
        assertThat(Diags.linkStates(r.stdout(), "leaf-a[7]-leaf-b[7]"))
                .hasSize(2).allSatisfy(s -> assertThat(s).startsWith("12X").contains("Active"));
    }

    @Test
    void unlink_puts_the_port_down_in_smpquery_and_relink_brings_it_back_to_active() throws Exception {
        // Directed route 0,1 from node01 is leaf-a; port 8 is one of the two redundant cables to leaf-b.
        assertThat(linkState("8")).isEqualTo("Active");

        assertThat(fabric.console("Unlink \"leaf-a\"[8]")).doesNotContain("not found");
        String down = portInfo("8");
        assertThat(Diags.field(down, "LinkState")).isEqualTo("Down");
        assertThat(Diags.field(down, "PhysLinkState")).isEqualTo("Polling");

        fabric.console("ReLink \"leaf-a\"[8]");
        assertThat(awaitLinkState("8", "Active", Duration.ofSeconds(10))).isEqualTo("Active");
        assertThat(Diags.field(portInfo("8"), "PhysLinkState")).isEqualTo("LinkUp");
    }

    @Test
    void a_second_caller_with_only_the_fifo_and_log_paths_gets_ibsims_answer() {
        Path fifo = fabric.ibsim().consoleFifo();
        Path log = fabric.ibsim().log();

        String dump = SimConsole.send(fifo, log, "Dump \"leaf-a\"", Duration.ofMillis(300), Duration.ofSeconds(5));
        String attached = SimConsole.send(fifo, log, "Attached", Duration.ofMillis(300), Duration.ofSeconds(5));

        assertThat(dump).contains("\"leaf-b\"[7]", "\"leaf-b\"[8]", "\"node01\"[1]").doesNotContain("sim>");
        assertThat(attached).contains("pid " + fabric.opensm().pid() + " connected");
    }

    @Test
    void another_jvm_with_only_the_fifo_and_log_paths_gets_ibsims_answer() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                SendFromAnotherJvm.class.getName(), fabric.ibsim().consoleFifo().toString(),
                fabric.ibsim().log().toString(), "Dump \"node02\"")
                .redirectErrorStream(true).start();
        try {
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("the second JVM finished").isTrue();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

            assertThat(p.exitValue()).as(out).isZero();
            assertThat(out).contains("Ca 1 \"node02\"", "\"leaf-a\"[2]");
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void threads_sending_console_commands_at_once_each_get_their_own_answer() {
        List<CompletableFuture<Boolean>> calls = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            String node = i % 2 == 0 ? "node01" : "node04";
            String other = i % 2 == 0 ? "node04" : "node01";
            calls.add(CompletableFuture.supplyAsync(() -> {
                String answer = fabric.console("Dump \"" + node + "\"");
                return answer.contains("Ca 1 \"" + node + "\"") && !answer.contains("Ca 1 \"" + other + "\"");
            }));
        }

        assertThat(calls).allSatisfy(c -> assertThat(c.join()).isTrue());
    }

    @Test
    void an_unknown_node_gets_ibsims_own_error_text() {
        assertThat(fabric.console("Unlink \"no-such-node\"[1]")).contains("not found");
    }

    @Test
    void console_lines_longer_than_127_characters_are_refused_before_reaching_ibsim() {
        String longLine = "# " + "x".repeat(126);

        assertThatThrownBy(() -> fabric.console(longLine))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at most 127");
        assertThatThrownBy(() -> fabric.console("Attached\nQuit"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("newlines");
        assertThat(fabric.ibsim().isAlive()).isTrue();
    }

    private String portInfo(String port) {
        ToolResult r = fabric.tool("node01", TOOL_TIMEOUT, "smpquery", "-D", "portinfo", "0,1", port);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        return r.stdout();
    }

    private String linkState(String port) {
        return Diags.field(portInfo(port), "LinkState");
    }

    private String awaitLinkState(String port, String wanted, Duration max) {
        return Awaitility.await("LinkState of port " + port + " is " + wanted).atMost(max).pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(50)).until(() -> linkState(port), wanted::equals);
    }
}
