package io.fabrichealth.probes.smp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabrichealth.config.SmpConfig;
import io.fabrichealth.probes.ProbeResult;
import io.fabrichealth.probes.smp.mads.MadsMeasurement;
import io.fabrichealth.probes.smp.mads.MadsResult;
import io.fabrichealth.probes.smp.mads.MadsTable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;

/**
 * In the child JVM, on the bundled fabric: smp_mad_stress's measurement on the sweep's own engine. Real targets
 * answer at depth 1 and 2 and the engine never has more than 2 in flight to one; the table has smp_mad_stress's
 * layout (the golden file); bad targets and attributes are refused naming what is accepted; a second measurement
 * is busy; a sweep that comes due meanwhile runs, complete, and the table says so; with smp.perDestination 1,
 * depth 2 runs at 1.
 */
public final class MadsScenario {
    /** The most a turn can run past its time: the last Gets' every attempt (timeout 1 s, 3 retries), and a second. */
    private static final long DRAIN_NANOS = 5_000_000_000L;

    public static void main(String[] args) throws Exception {
        int node03;
        long leafB;
        try (SmpSweepProbe probe = Sweeps.probe(SmpConfig.DEFAULTS, new Sweeps.Recorded())) {
            SmpSnapshot swept = Sweeps.sweep(probe);
            node03 = Sweeps.node(swept, "node03").lid();
            leafB = Sweeps.node(swept, "leaf-b").guid();
            MadsMeasurement mads = new MadsMeasurement(probe);

            MadsResult r = mads.measure(List.of("leaf-a", "node02"), "", 1);
            assertThat(r.rows()).extracting(MadsResult.Row::depth).containsExactly(1, 2, 1, 2);
            for (MadsResult.Row row : r.rows()) {
                String what = row.target().typed() + " at depth " + row.depth();
                assertThat(row.answered()).as(what).isPositive();
                assertThat(row.inFlight()).as(what).isEqualTo(row.depth());
                assertThat(row.timeouts()).as(what).isZero();
                assertThat(row.sent()).as(what).isEqualTo(row.answered());
                assertThat(row.rtt().count()).as(what).isEqualTo(row.answered());
                assertThat(row.measuredNanos()).as(what).isBetween(1_000_000_000L, 1_000_000_000L + DRAIN_NANOS);
                System.out.printf(Locale.ROOT, "madsPerSecond.%s.depth%d=%.0f%n", row.target().typed(), row.depth(),
                        row.madsPerSecond());
            }
            assertThat(probe.snapshot().engine().maxInFlightPerDestination())
                    .as("depth 2 keeps two in flight, and never more").isEqualTo(2);
            assertThat(r.maxInFlightPerDestination()).isEqualTo(2);
            String table = MadsTable.text(r);
            System.out.print(table);
            assertThat(masked(table)).as(table).isEqualTo(masked(golden()));
            aligned(table);

            MadsResult other = mads.measure(List.of(Integer.toString(node03), String.format("0x%016x", leafB)),
                    "PortInfo", 1);
            assertThat(other.rows()).allSatisfy(row -> assertThat(row.answered()).as(row.toString()).isPositive());
            assertThat(other.rows().get(0).target().node().description()).isEqualTo("node03");
            assertThat(other.rows().get(2).target().node().description()).isEqualTo("leaf-b");

            MadsResult wrongKind = mads.measure(List.of("node03"), "SwitchInfo", 1);
            assertThat(wrongKind.rows()).allSatisfy(row -> {
                assertThat(row.answered()).as("a CA has no SwitchInfo: %s", row).isZero();
                assertThat(row.errors()).as(row.toString()).isPositive();
                assertThat(row.problem()).as(row.toString()).isNotEmpty();
            });
            assertThat(MadsTable.text(wrongKind)).contains("with an error, stopped");

            assertThatThrownBy(() -> mads.measure(List.of("nosuch", "0", "leaf-a"), "", 1))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("no node named 'nosuch'")
                    .hasMessageContaining("LID 0 is not a unicast LID")
                    .hasMessageContaining("A target is a LID in decimal (3), a node or port GUID");
            assertThatThrownBy(() -> mads.measure(List.of("leaf-a"), "LinearForwardingTable", 1))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("unknown SMP attribute 'LinearForwardingTable'")
                    .hasMessageContaining("NodeInfo (0x11), NodeDesc (0x10), PortInfo (0x15), SwitchInfo (0x12)");
            assertThatThrownBy(() -> mads.measure(List.of("leaf-a"), "", 0))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1..60");

            alongsideASweep(probe, mads);
        }

        SmpConfig oneEach = new SmpConfig(64, 1, Duration.ofMillis(1000), 3, 0, List.of(), Map.of(), false);
        try (SmpSweepProbe probe = Sweeps.probe(oneEach, new Sweeps.Recorded())) {
            // No sweep has run: the measurement opens the engine itself; a LID needs no sweep.
            MadsResult r = new MadsMeasurement(probe).measure(List.of(Integer.toString(node03)), "NodeDesc", 1);
            assertThat(r.rows()).extracting(MadsResult.Row::inFlight).containsExactly(1, 1);
            assertThat(r.rows()).allSatisfy(row -> assertThat(row.answered()).isPositive());
            assertThat(r.notes().get(0)).startsWith("depth 2 ran with 1 in flight per destination");
            assertThat(probe.snapshot().engine().maxInFlightPerDestination()).isEqualTo(1);
            assertThat(MadsTable.text(r)).contains("| 2 (ran at 1) ").contains("LID " + node03 + " (no sweep has seen");
        }
        System.out.println("mads=ok");
    }

    /** One measurement at a time; a sweep due meanwhile runs in full between its turns, and the table says so. */
    private static void alongsideASweep(SmpSweepProbe probe, MadsMeasurement mads) throws Exception {
        ExecutorService runner = Executors.newSingleThreadExecutor();
        try {
            Future<MadsResult> running = runner.submit(() -> mads.measure(List.of("leaf-a", "leaf-b"), "", 2));
            Awaitility.await("the measurement started").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(5))
                    .until(() -> mads.running() != null);
            assertThatThrownBy(() -> mads.measure(List.of("node02"), "", 1)).isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("busy: one measurement runs at a time").hasMessageContaining("leaf-a");
            long sweepsBefore = probe.snapshot().sweeps();
            ProbeResult sweep = probe.check();
            assertThat(sweep.failed()).as(sweep.summary()).isFalse();
            SmpSnapshot s = probe.snapshot();
            assertThat(s.sweeps()).isEqualTo(sweepsBefore + 1);
            assertThat(s.nodesSeen()).as("the sweep alongside saw the whole fabric").isEqualTo(6);
            assertThat(s.silentNodes()).isZero();
            assertThat(s.madsFailedLastSweep()).isZero();
            MadsResult r = running.get(60, TimeUnit.SECONDS);
            assertThat(r.sweepsDuring()).as(MadsTable.text(r)).isEqualTo(1);
            assertThat(MadsTable.text(r)).contains("1 scheduled sweep(s) ran during the measurement: it gave way")
                    .doesNotContain("No sweep ran");
            assertThat(r.rows()).allSatisfy(row -> {
                assertThat(row.answered()).as(row.toString()).isPositive();
                assertThat(row.measuredNanos()).as(row.toString()).isBetween(2_000_000_000L, 2_000_000_000L + DRAIN_NANOS);
            });
            assertThat(probe.snapshot().engine().maxInFlightPerDestination()).isEqualTo(2);
        } finally {
            runner.shutdownNow();
        }
    }

    /** Comment lines dropped; numbers, GUIDs, runs of spaces and of dashes each compared as one token. */
    static String masked(String text) {
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\\R")) {
            if (line.startsWith("# ")) {
                continue;
            }
            String m = line.replaceAll("0x[0-9a-f]+", "0x#").replaceAll(" +", " ").replaceAll("-{2,}", "-");
            if (m.startsWith("| ") && !m.startsWith("| Destnation")) {
                // keep the depth cell; mask the measured ones
                int cut = m.indexOf('|', 2);
                m = m.substring(0, cut) + m.substring(cut).replaceAll("\\d+", "#");
            } else {
                m = m.replaceAll("\\d+", "#");
            }
            out.append(m).append('\n');
        }
        return out.toString();
    }

    /** Every line of one table is as long as its header, and its bars stand in the same columns. */
    static void aligned(String table) {
        List<String> lines = table.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith("| Destnation")) {
                continue;
            }
            String header = lines.get(i);
            for (int j = i + 1; j < lines.size() && lines.get(j).startsWith("|"); j++) {
                String line = lines.get(j);
                assertThat(line).as("table line %d:%n%s", j, table).hasSameSizeAs(header);
                for (int c = 0; c < header.length(); c++) {
                    assertThat(line.charAt(c) == '|').as("bar at column %d of line %d:%n%s", c, j, table)
                            .isEqualTo(header.charAt(c) == '|');
                }
            }
        }
    }

    private static String golden() throws IOException {
        try (InputStream in = MadsScenario.class.getResourceAsStream("mads/smp_mad_stress-table.golden")) {
            if (in == null) {
                throw new IllegalStateException("mads/smp_mad_stress-table.golden is not on the test class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
