package io.fabrichealth.cli.pingpong;

import io.fabrichealth.cli.AgentClient;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jolokia.json.JSONArray;
import org.jolokia.json.JSONObject;

/**
 * The Java side of {@code ./fabric-health pingpong HOST:PORT}: runs one ping-pong now through the running agent
 * (the PingPongRunner MBean) with rds-stress's options, and prints what rds-stress prints: its header, a line per
 * second, a rule and the {@code (average)} line, then p50 and p99 on a line of their own. A verbs run adds
 * krping's statistics. Every payload byte is validated whatever the options say ({@code -v} is accepted).
 *
 * <pre>
 *   PingPongReport HOST:PORT [-q BYTES] [-a BYTES] [-d DEPTH] [-t TASKS] [-T SECONDS] [-v]
 *                  [--transport rds|verbs|fabric] [--jolokia URL]
 * </pre>
 * Sizes take rds-stress's K, M and G suffixes (powers of 1024) and include the message header. Exit status: 0 the
 * run was ok, 1 it was not (a corruption prints the offset and the bytes), 2 usage, 3 the agent could not run it
 * (no agent, bad terms, or a transport this agent or the responder cannot run).
 */
public final class PingPongReport {
    static final String USAGE = "usage: ./fabric-health pingpong HOST:PORT [-q BYTES] [-a BYTES] [-d DEPTH] [-t TASKS]"
            + " [-T SECONDS] [-v] [--transport rds|verbs|fabric] [--jolokia URL]";
    static final String MBEAN = "fabric.health:type=PingPongRunner";
    static final String RULE = "-".repeat(45);
    /** rds-stress's own printf widths, so columns line up with its output. */
    private static final String HEADER_FORMAT = "%4s %6s %6s %10s %10s %10s %7s %8s %5s";
    private static final String LINE_FORMAT = "%4d %6d %6d %10.2f %10.2f %10.2f %7.2f %8.2f %5.2f";
    /** rds-stress shows -1.00 without -c (its CPU soakers); the agent has none. */
    private static final double NO_CPU = -1.0;
    /** /proc/krping's columns after the name. */
    private static final String[] KRPING = {"send_bytes", "send_msgs", "recv_bytes", "recv_msgs", "rdma_write_bytes",
        "rdma_write_msgs", "rdma_read_bytes", "rdma_read_msgs"};

    /** The options, with rds-stress's defaults where the agent has no better one. */
    record Options(String peer, String transport, int requestBytes, int ackBytes, int depth, int tasks, int seconds,
            String jolokia) {
    }

    private PingPongReport() {
    }

    public static void main(String[] args) {
        Options o;
        try {
            o = parse(List.of(args));
        } catch (IllegalArgumentException e) {
            exit(2, e.getMessage() + "\n" + USAGE);
            return;
        }
        AgentClient agent = new AgentClient(o.jolokia());
        System.err.printf(Locale.ROOT, "fabric-health: ping-pong against %s over %s for %d s (-q %d -a %d -d %d -t %d),"
                + " every byte validated ...%n", o.peer(), o.transport(), o.seconds(), o.requestBytes(), o.ackBytes(),
                o.depth(), o.tasks());
        JSONObject run = AgentClient.newRequest("exec", MBEAN);
        run.put("operation", "run");
        JSONArray arguments = new JSONArray();
        arguments.addAll(List.of(o.peer(), o.transport(), o.requestBytes(), o.ackBytes(), o.depth(), o.tasks(),
                o.seconds()));
        run.put("arguments", arguments);
        Object value;
        try {
            // The run's own bound, plus negotiation and the ack timeout of what is still outstanding.
            value = agent.request(run, Duration.ofSeconds(o.seconds() + 60L));
        } catch (IOException e) {
            String why = e.getMessage();
            exit(3, why.contains("InstanceNotFound") || why.contains(MBEAN)
                    ? "the agent at " + o.jolokia() + " has no PingPongRunner: it needs the pingpong family (a "
                            + "pingpong: section) and this version of fabric-health"
                    : why);
            return;
        }
        if (!(value instanceof JSONObject result)) {
            exit(3, "the agent answered something other than a run: " + value);
            return;
        }
        Object outcome = result.get("Result");
        if ("unsupported".equals(outcome) || "refused".equals(outcome)) {
            // Nothing ran: no lines to print, and the fix is on this side (another transport, or another agent).
            exit(3, result.get("Summary") + "; try another --transport (rds, verbs, fabric) that both agents run");
            return;
        }
        System.out.print(render(result));
        System.exit("ok".equals(outcome) ? 0 : 1);
    }

    static Options parse(List<String> args) {
        if (args.isEmpty() || args.get(0).startsWith("-")) {
            throw new IllegalArgumentException("name the responder first, as HOST:PORT (its pingpong.listen)");
        }
        String peer = args.get(0);
        String transport = "rds";
        int q = 1024;
        int a = 64;
        int d = 1;
        int t = 1;
        int seconds = 5;
        String jolokia = AgentClient.DEFAULT_URL;
        for (int i = 1; i < args.size(); i++) {
            String opt = args.get(i);
            if (opt.equals("-v")) {
                continue; // validation is always on
            }
            if (i + 1 >= args.size()) {
                throw new IllegalArgumentException(opt + " needs a value");
            }
            String v = args.get(++i);
            switch (opt) {
                case "-q" -> q = size(opt, v);
                case "-a" -> a = size(opt, v);
                case "-d" -> d = count(opt, v);
                case "-t" -> t = count(opt, v);
                case "-T" -> seconds = count(opt, v);
                case "--transport" -> transport = transport(v);
                case "--jolokia" -> jolokia = v;
                default -> throw new IllegalArgumentException("unknown option " + opt
                        + " (rds-stress's -p, -r, -s, -D, -c, -R, -V and -z are not offered: the agent's responder and"
                        + " addresses come from its config)");
            }
        }
        return new Options(peer, transport, q, a, d, t, seconds, jolokia);
    }

    private static String transport(String v) {
        String t = v.toLowerCase(Locale.ROOT);
        if (!List.of("rds", "verbs", "fabric").contains(t)) {
            throw new IllegalArgumentException("--transport " + v + ": use rds, verbs or fabric");
        }
        return t;
    }

    /** rds-stress's sizes: bytes, or K, M, G (powers of 1024). */
    static int size(String opt, String v) {
        String s = v.strip().toUpperCase(Locale.ROOT);
        long unit = 1;
        if (s.endsWith("K") || s.endsWith("M") || s.endsWith("G")) {
            unit = switch (s.charAt(s.length() - 1)) {
                case 'K' -> 1L << 10;
                case 'M' -> 1L << 20;
                default -> 1L << 30;
            };
            s = s.substring(0, s.length() - 1);
        }
        try {
            long bytes = Math.multiplyExact(Long.parseLong(s), unit);
            if (bytes <= 0 || bytes > Integer.MAX_VALUE) {
                throw new NumberFormatException();
            }
            return (int) bytes;
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException(opt + " " + v + ": give a positive size in bytes, or with K, M or G");
        }
    }

    private static int count(String opt, String v) {
        try {
            int n = Integer.parseInt(v.strip());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // falls through to the message
        }
        throw new IllegalArgumentException(opt + " " + v + ": give a positive whole number");
    }

    /** rds-stress's lines for one run, as the PingPongRunner MBean returned it. */
    static String render(JSONObject run) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, HEADER_FORMAT, "tsks", "tx/s", "rx/s", "tx+rx K/s", "mbi K/s", "mbo K/s",
                "tx us/c", "rtt us", "cpu %")).append('\n');
        for (Object second : list(run.get("Seconds"))) {
            out.append(line((JSONObject) second)).append('\n');
        }
        out.append(RULE).append('\n');
        out.append(line((JSONObject) run.get("Average"))).append("  (average)\n");
        out.append(String.format(Locale.ROOT, "rtt us p50 %.2f p99 %.2f%n", number(run.get("RttP50Micros")),
                number(run.get("RttP99Micros"))));
        if ("verbs".equals(run.get("Transport"))) {
            out.append(krping(counters(run)));
        }
        Object credits = run.get("CreditFlowControl");
        if (credits != null && !credits.toString().isEmpty()) {
            out.append(credits).append('\n'); // RDS: what the kernel's counters showed, never more
        }
        List<Object> corruptions = list(run.get("Corruptions"));
        for (Object c : corruptions) {
            out.append("corruption: ").append(c).append('\n');
        }
        if (!"ok".equals(run.get("Result"))) {
            out.append(run.get("Summary")).append('\n');
        }
        return out.toString();
    }

    private static String line(JSONObject l) {
        return String.format(Locale.ROOT, LINE_FORMAT, Math.round(number(l.get("Tasks"))),
                Math.round(number(l.get("TxPerSecond"))), Math.round(number(l.get("RxPerSecond"))),
                number(l.get("TxRxKiBPerSecond")), number(l.get("RdmaInKiBPerSecond")),
                number(l.get("RdmaOutKiBPerSecond")), number(l.get("TxMicrosPerCall")), number(l.get("RttMicros")),
                NO_CPU);
    }

    /** /proc/krping's statistics, one line per side, with a header naming its columns. */
    static String krping(Map<String, Long> counters) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%-7s", "krping"));
        for (String k : KRPING) {
            out.append(' ').append(k);
        }
        out.append('\n');
        for (String side : new String[] {"client", "server"}) {
            out.append(String.format(Locale.ROOT, "%-7s", side));
            for (String k : KRPING) {
                out.append(String.format(Locale.ROOT, " %" + k.length() + "d", counters.getOrDefault(side + "." + k, 0L)));
            }
            out.append('\n');
        }
        return out.toString();
    }

    private static Map<String, Long> counters(JSONObject run) {
        Map<String, Long> counters = new java.util.LinkedHashMap<>();
        for (Object o : list(run.get("Counters"))) {
            JSONObject c = (JSONObject) o;
            counters.put(String.valueOf(c.get("Name")), Math.round(number(c.get("Value"))));
        }
        return counters;
    }

    private static List<Object> list(Object o) {
        return o instanceof List<?> l ? new ArrayList<>(l) : List.of();
    }

    private static double number(Object o) {
        return o instanceof Number n ? n.doubleValue() : Double.parseDouble(String.valueOf(o));
    }

    private static void exit(int status, String message) {
        System.err.println("fabric-health: " + message);
        System.exit(status);
    }
}
