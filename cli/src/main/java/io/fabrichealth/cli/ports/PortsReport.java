package io.fabrichealth.cli.ports;

import io.fabrichealth.cli.AgentClient;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jolokia.json.JSONArray;
import org.jolokia.json.JSONObject;
import org.jolokia.json.parser.JSONParser;
import org.jolokia.json.parser.ParseException;

/**
 * The Java side of {@code ./fabric-health ports}: reads the running agent's Port and SmpProbe MBeans over Jolokia
 * (one bulk read) and prints an ibqueryerrors-style summary: ports that are not OK first (CRIT, then WARN), each
 * with its reasons, then the counts.
 *
 * <pre>
 *   PortsReport [--url http://127.0.0.1:8778/jolokia] [--user NAME --password-file FILE]
 * </pre>
 * Exit status as ibqueryerrors: 0 all ports OK, 1 some port is not, 2 usage, 3 the agent could not be read.
 */
public final class PortsReport {
    public static final String DEFAULT_URL = "http://127.0.0.1:8778/jolokia";
    static final String[] ATTRIBUTES = {"NodeDescription", "NodeGuid", "NodeType", "PortNumber", "PortState",
        "PhysState", "LinkWidthActive", "LinkSpeedActive", "Health", "HealthReasons", "RemoteGuid", "RemotePort",
        "Answering"};
    private static final String USAGE = "usage: PortsReport [--url " + DEFAULT_URL
            + "] [--user NAME --password-file FILE]";

    /** One port as the Port MBean shows it. */
    public record PortRow(String node, String nodeGuid, String nodeType, int port, String state, String phys,
            String width, String speed, String health, List<String> reasons, String remoteGuid, int remotePort,
            boolean answering) {
    }

    private PortsReport() {
    }

    public static void main(String[] args) {
        String url = DEFAULT_URL;
        String user = null;
        Path passwordFile = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (i + 1 >= args.length) {
                exit(2, USAGE);
            }
            switch (a) {
                case "--url" -> url = args[++i];
                case "--user" -> user = args[++i];
                case "--password-file" -> passwordFile = Path.of(args[++i]);
                default -> exit(2, "unknown option " + a + "\n" + USAGE);
            }
        }
        if ((user == null) != (passwordFile == null)) {
            exit(2, "--user and --password-file go together\n" + USAGE);
        }
        try {
            String password = passwordFile == null ? null : Files.readAllLines(passwordFile).get(0);
            String json = fetch(URI.create(url), user, password, Duration.ofSeconds(10));
            Report report = parse(json);
            System.out.print(report.render());
            System.exit(report.badPorts() == 0 ? 0 : 1);
        } catch (ConnectException e) {
            exit(3, "no agent answers at " + url + ": start it with ./fabric-health run (or pass --url)");
        } catch (IOException | RuntimeException e) {
            exit(3, "could not read the agent at " + url + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            exit(3, "interrupted");
        }
    }

    /** One Jolokia bulk read of every Port MBean and the SmpProbe MBean; returns Jolokia's JSON answer. */
    public static String fetch(URI jolokia, String user, String password, Duration timeout)
            throws IOException, InterruptedException {
        JSONObject ports = AgentClient.newRequest("read", "fabric.health:type=Port,*");
        ports.put("attribute", new JSONArray(List.of(ATTRIBUTES)));
        JSONObject probe = AgentClient.newRequest("read", "fabric.health:type=SmpProbe");
        probe.put("attribute", new JSONArray(List.of("LastSweep", "SweepDurationMillis", "NodesSeen", "SilentNodes",
                "LastError")));
        String body = new JSONArray(List.of(ports, probe)).toJSONString();
        HttpRequest.Builder req = HttpRequest.newBuilder(jolokia).timeout(timeout)
                .header("Content-Type", "application/json") // Jolokia answers 400 without it
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (user != null) {
            req.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                    (user + ":" + password).getBytes(StandardCharsets.UTF_8)));
        }
        HttpClient client = HttpClient.newBuilder().connectTimeout(timeout).build();
        HttpResponse<String> r = client.send(req.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        if (r.statusCode() == 401 || r.statusCode() == 403) {
            throw new IOException("HTTP " + r.statusCode() + ": pass --user and --password-file (http.auth in the "
                    + "agent's config)");
        }
        if (r.statusCode() != 200) {
            throw new IOException("HTTP " + r.statusCode() + " from " + jolokia);
        }
        return r.body();
    }

    /** What the bulk read returned, ready to print. */
    public record Report(List<PortRow> ports, Map<String, Object> probe) {

        public long badPorts() {
            return ports.stream().filter(p -> !p.health().equals("OK")).count();
        }

        /** ibqueryerrors' layout: the ports that are not OK, then "## Summary" lines. */
        public String render() {
            StringBuilder out = new StringBuilder();
            out.append(String.format(Locale.ROOT, "fabric-health ports: last sweep %s (%s ms)%n",
                    text(probe.get("LastSweep"), "never"), text(probe.get("SweepDurationMillis"), "-")));
            String error = text(probe.get("LastError"), "");
            if (!error.isEmpty()) {
                out.append("last sweep failed: ").append(error).append('\n');
            }
            List<PortRow> bad = new ArrayList<>(ports.stream().filter(p -> !p.health().equals("OK")).toList());
            // Jolokia's answer is an unordered map: the GUID keeps two nodes with one description in a fixed order.
            bad.sort(Comparator.comparing((PortRow p) -> !p.health().equals("CRIT")).thenComparing(PortRow::node)
                    .thenComparing(PortRow::nodeGuid).thenComparingInt(PortRow::port));
            for (PortRow p : bad) {
                String link = p.state().isEmpty() ? "no PortInfo" : p.state() + "/" + p.phys()
                        + (p.state().equals("Down") ? "" : " " + p.width() + " " + p.speed());
                out.append(String.format(Locale.ROOT, "%-4s %-20s %s port %-3d %s%s%n", p.health(),
                        "\"" + p.node() + "\"", p.nodeGuid(), p.port(), link,
                        p.remoteGuid().isEmpty() ? "" : " ==> " + p.remoteGuid() + " port " + p.remotePort()));
                for (String r : p.reasons()) {
                    int rule = r.indexOf(" (rule: ");
                    out.append("       ").append(rule < 0 ? r : r.substring(0, rule)).append('\n');
                }
            }
            long nodes = ports.stream().map(PortRow::nodeGuid).distinct().count();
            long badNodes = bad.stream().map(PortRow::nodeGuid).distinct().count();
            long crit = bad.stream().filter(p -> p.health().equals("CRIT")).count();
            out.append(String.format(Locale.ROOT, "%n## Summary: %d nodes checked, %d bad nodes found%n", nodes,
                    badNodes));
            out.append(String.format(Locale.ROOT, "##          %d ports checked, %d ports not OK (%d CRIT, %d WARN)%n",
                    ports.size(), bad.size(), crit, bad.size() - crit));
            out.append(String.format(Locale.ROOT, "##          %s silent node(s) in the last sweep%n",
                    text(probe.get("SilentNodes"), "0")));
            return out.toString();
        }
    }

    /** Reads Jolokia's answer to {@link #fetch}'s bulk request. */
    @SuppressWarnings("unchecked")
    public static Report parse(String jolokiaJson) {
        Object root;
        try {
            root = new JSONParser().parse(jolokiaJson);
        } catch (ParseException | IOException e) {
            throw new IllegalArgumentException("bad JSON from Jolokia: " + e.getMessage(), e);
        }
        if (!(root instanceof List<?> answers) || answers.size() != 2) {
            throw new IllegalArgumentException("not a Jolokia bulk answer: " + abbreviate(jolokiaJson));
        }
        Map<String, Object> portsAnswer = (Map<String, Object>) answers.get(0);
        Map<String, Object> probeAnswer = (Map<String, Object>) answers.get(1);
        List<PortRow> rows = new ArrayList<>();
        if (status(portsAnswer) == 200) {
            Map<String, Object> byName = (Map<String, Object>) portsAnswer.get("value");
            for (Object v : byName.values()) {
                Map<String, Object> a = (Map<String, Object>) v;
                List<String> reasons = new ArrayList<>();
                for (Object r : (List<Object>) a.getOrDefault("HealthReasons", List.of())) {
                    reasons.add(String.valueOf(r));
                }
                rows.add(new PortRow(text(a.get("NodeDescription"), ""), text(a.get("NodeGuid"), ""),
                        text(a.get("NodeType"), ""), number(a.get("PortNumber")), text(a.get("PortState"), ""),
                        text(a.get("PhysState"), ""), text(a.get("LinkWidthActive"), ""),
                        text(a.get("LinkSpeedActive"), ""), text(a.get("Health"), "?"), reasons,
                        text(a.get("RemoteGuid"), ""), number(a.get("RemotePort")),
                        Boolean.TRUE.equals(a.get("Answering"))));
            }
        } else if (status(portsAnswer) != 404) {
            throw new IllegalArgumentException("Jolokia refused the Port read: " + portsAnswer.get("error"));
        }
        Map<String, Object> probe = status(probeAnswer) == 200 ? (Map<String, Object>) probeAnswer.get("value")
                : Map.of("LastError", "no SmpProbe MBean: is the smp-sweep schedule configured?");
        return new Report(rows, probe);
    }

    private static int status(Map<String, Object> answer) {
        return number(answer.get("status"));
    }

    private static int number(Object o) {
        return o instanceof Number n ? n.intValue() : -1;
    }

    private static String text(Object o, String fallback) {
        return o == null || String.valueOf(o).isEmpty() ? fallback : String.valueOf(o);
    }

    private static String abbreviate(String s) {
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }

    private static void exit(int status, String message) {
        System.err.println("fabric-health ports: " + message);
        System.exit(status);
    }
}
