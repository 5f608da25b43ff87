package io.fabrichealth.probes.smp.mads;

import io.fabrichealth.probes.smp.engine.EngineSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A measurement as smp_mad_stress's README shows one: per destination a heading ({@code Switch: "Quantum" (...),
 * SMP: LinearForwardingTable (0x19), Lid route}) and the table {@code | Destnation queue depth | MAD/s |}, with the
 * RTT columns after smp_mad_stress's own two, then notes.
 */
public final class MadsTable {
    /**
     * smp_mad_stress's two columns, spelt as its README spells them ("Destnation"), so the table reads like the
     * one operators know; then what the agent adds.
     */
    public static final List<String> COLUMNS = List.of("Destnation queue depth", "MAD/s", "sent", "answered",
            "timeouts", "RTT min (us)", "RTT p50 (us)", "RTT p99 (us)", "RTT max (us)");

    private MadsTable() {
    }

    public static String text(MadsResult r) {
        StringBuilder out = new StringBuilder();
        EngineSettings s = r.settings();
        out.append(String.format(Locale.ROOT, "SMP MAD latency, measured by fabric-health through the agent's MAD "
                + "engine: Get only, %d s per destination queue depth%n", r.secondsPerDepth()));
        out.append(String.format(Locale.ROOT, "Limits (shared with the sweep): window %d, per destination %d, "
                + "MAD/s cap %s, timeout %d ms, retries %d%n", s.window(), s.perDestination(),
                s.madsPerSecond() == 0 ? "none" : Integer.toString(s.madsPerSecond()), s.timeout().toMillis(),
                s.retries()));
        List<String> problems = new ArrayList<>();
        MadsTarget current = null;
        List<List<String>> cells = new ArrayList<>();
        for (MadsResult.Row row : r.rows()) {
            if (current != null && row.target() != current) {
                table(out, current, r.attribute(), cells);
                cells.clear();
            }
            current = row.target();
            cells.add(cells(row));
            if (!row.problem().isEmpty()) {
                problems.add(String.format(Locale.ROOT, "LID %d at depth %d: %d answer(s) with an error, stopped: %s",
                        row.target().lid(), row.depth(), row.errors(), row.problem()));
            }
        }
        if (current != null) {
            table(out, current, r.attribute(), cells);
        }
        out.append(System.lineSeparator());
        out.append(String.format(Locale.ROOT, "The engine's maxima since the agent started: %d in flight per "
                + "destination, %d on the port%n", r.maxInFlightPerDestination(), r.maxInFlightLocal()));
        if (r.sweepsDuring() == 0) {
            out.append("No sweep ran during the measurement.").append(System.lineSeparator());
        } else {
            out.append(String.format(Locale.ROOT, "%d scheduled sweep(s) ran during the measurement: it gave way and "
                    + "paused for %d ms, which is not counted%n", r.sweepsDuring(), r.pausedMillis()));
        }
        for (String note : r.notes()) {
            out.append(note).append(System.lineSeparator());
        }
        for (String p : problems) {
            out.append(p).append(System.lineSeparator());
        }
        return out.toString();
    }

    private static List<String> cells(MadsResult.Row row) {
        String depth = row.inFlight() == row.depth() ? Integer.toString(row.depth())
                : row.depth() + " (ran at " + row.inFlight() + ")";
        return List.of(depth, String.format(Locale.ROOT, "%.0f", row.madsPerSecond()), Long.toString(row.sent()),
                Long.toString(row.answered()), Long.toString(row.timeouts()), micros(row.rtt().minMicros()),
                micros(row.rtt().p50Micros()), micros(row.rtt().p99Micros()), micros(row.rtt().maxMicros()));
    }

    private static String micros(long v) {
        return v < 0 ? "-" : Long.toString(v);
    }

    /** smp_mad_stress's heading and Markdown table: cells left-aligned, padded to the widest, a rule of dashes. */
    private static void table(StringBuilder out, MadsTarget target, MadsAttribute attribute, List<List<String>> rows) {
        String nl = System.lineSeparator();
        out.append(nl).append(target.heading()).append(", SMP: ").append(attribute).append(", Lid route").append(nl)
                .append(nl);
        int[] width = new int[COLUMNS.size()];
        for (int c = 0; c < width.length; c++) {
            width[c] = COLUMNS.get(c).length();
            for (List<String> row : rows) {
                width[c] = Math.max(width[c], row.get(c).length());
            }
        }
        line(out, COLUMNS, width);
        StringBuilder rule = new StringBuilder("|");
        for (int w : width) {
            rule.append("-".repeat(w + 2)).append('|');
        }
        out.append(rule).append(nl);
        for (List<String> row : rows) {
            line(out, row, width);
        }
    }

    private static void line(StringBuilder out, List<String> cells, int[] width) {
        StringBuilder line = new StringBuilder("|");
        for (int c = 0; c < width.length; c++) {
            line.append(' ').append(cells.get(c)).append(" ".repeat(width[c] - cells.get(c).length() + 1)).append('|');
        }
        out.append(line).append(System.lineSeparator());
    }
}
