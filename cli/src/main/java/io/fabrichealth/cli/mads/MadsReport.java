package io.fabrichealth.cli.mads;

import io.fabrichealth.cli.AgentClient;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jolokia.json.JSONArray;
import org.jolokia.json.JSONObject;

/**
 * The Java side of {@code ./fabric-health mads TARGET... [-t SECONDS] [-a ATTRIBUTE] [--jolokia URL]}: asks the
 * running agent to measure SMA latency and MAD/s per destination at queue depth 1 and 2 (the SmpProbe MBean's
 * {@code measureMads}, over Jolokia) and prints smp_mad_stress's table as the agent wrote it.
 *
 * <p>Exit status: 0 measured, 2 bad input (the message says what is accepted), 3 the agent could not measure
 * (unreachable, busy with another measurement, no umad port).
 */
public final class MadsReport {
    static final String USAGE = "usage: ./fabric-health mads TARGET... [-t SECONDS] [-a ATTRIBUTE] [--jolokia URL]\n"
            + "  TARGET: a LID (3), a node or port GUID (0x0002c90000000001) or a NodeDescription (leaf-a)\n"
            + "  -t: seconds per queue depth, 1..60 (default 5); -a: NodeInfo (default), NodeDesc, PortInfo, SwitchInfo";
    static final String MBEAN = "fabric.health:type=SmpProbe";
    private static final String REFUSED = "the agent refused: ";

    /** What the command line asks for. */
    record Request(List<String> targets, int seconds, String attribute, String url) {
    }

    private MadsReport() {
    }

    /** Runs the command and returns its exit status; the table goes to {@code out}, messages to {@code err}. */
    public static int run(List<String> args, PrintStream out, PrintStream err) {
        Request r;
        try {
            r = parse(args);
        } catch (IllegalArgumentException e) {
            err.println("fabric-health: " + e.getMessage() + "\n" + USAGE);
            return 2;
        }
        err.println("fabric-health: measuring " + r.targets().size() + " target(s) at queue depth 1 and 2, "
                + r.seconds() + " s each, through the agent ...");
        JSONObject exec = AgentClient.newRequest("exec", MBEAN);
        exec.put("operation", "measureMads");
        JSONArray targets = new JSONArray();
        targets.addAll(r.targets());
        JSONArray arguments = new JSONArray();
        arguments.add(targets);
        arguments.add(r.attribute());
        arguments.add(r.seconds());
        exec.put("arguments", arguments);
        try {
            // Two depths, plus a sweep that may run meanwhile and the engine's drain.
            Object table = new AgentClient(r.url()).request(exec, Duration.ofSeconds(2L * r.seconds() + 120));
            out.print(table);
            return 0;
        } catch (AgentClient.Refused e) {
            boolean badInput = e.errorType().endsWith("IllegalArgumentException");
            err.println("fabric-health: " + (badInput ? e.getMessage().replace(REFUSED, "")
                    : e.getMessage().contains("measureMads") ? "the agent at " + r.url() + " has no measureMads "
                            + "operation: it is older than this command; restart it with ./fabric-health run ("
                            + e.getMessage() + ")" : e.getMessage()));
            return badInput ? 2 : 3;
        } catch (IOException e) {
            err.println("fabric-health: " + e.getMessage());
            return 3;
        }
    }

    static Request parse(List<String> args) {
        List<String> targets = new ArrayList<>();
        int seconds = 5;
        String attribute = "NodeInfo";
        String url = AgentClient.DEFAULT_URL;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("-t") || a.equals("-a") || a.equals("--jolokia")) {
                if (i + 1 >= args.size()) {
                    throw new IllegalArgumentException(a + " needs a value");
                }
                String v = args.get(++i);
                switch (a) {
                    case "-t" -> {
                        try {
                            seconds = Integer.parseInt(v);
                        } catch (NumberFormatException e) {
                            throw new IllegalArgumentException("-t needs whole seconds per depth (1..60), got " + v);
                        }
                    }
                    case "-a" -> attribute = v;
                    default -> url = v;
                }
            } else if (a.startsWith("-") && !a.matches("-\\d+")) {
                throw new IllegalArgumentException("unknown option " + a);
            } else {
                targets.add(a);
            }
        }
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("name at least one target");
        }
        return new Request(List.copyOf(targets), seconds, attribute, url);
    }
}
