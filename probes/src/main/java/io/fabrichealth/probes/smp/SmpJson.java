package io.fabrichealth.probes.smp;

import io.fabrichealth.probes.mad.NodeType;
import io.fabrichealth.probes.smp.engine.RttSummary;
import io.fabrichealth.probes.smp.health.IbaCounter;
import io.fabrichealth.probes.smp.health.Verdict;
import java.io.IOException;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jolokia.json.JSONArray;
import org.jolokia.json.JSONObject;
import org.jolokia.json.parser.JSONParser;
import org.jolokia.json.parser.ParseException;

/**
 * The fleet's SMP records as JSON text, so the grid stores plain strings and no classloader ever matters: the node
 * list a discovery publishes ({@link FabricNode}s) and what one member swept ({@link NodeSnapshot}s and their
 * {@link PortSnapshot}s). Each document carries a format name and a version.
 *
 * <p>Reading is strict: a wrong format or version, a missing or unknown field, or a value of the wrong type is an
 * {@link SmpJsonException} naming the record and the field, never a default. GUIDs are {@code 0x%016x} strings and
 * 64-bit counters unsigned decimal strings (JSON numbers lose bits past 2^53 in many readers); times are ISO-8601.
 */
public final class SmpJson {
    public static final String NODES_FORMAT = "fabric-health-nodes";
    public static final String SWEPT_FORMAT = "fabric-health-swept";
    /** Raised whenever a record changes shape; a reader refuses any other. */
    public static final long VERSION = 1;

    private SmpJson() {
    }

    /** A record that does not parse, and why. */
    public static final class SmpJsonException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        SmpJsonException(String message) {
            super(message);
        }

        SmpJsonException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** What one member swept: its nodes and their ports. */
    public record Swept(List<NodeSnapshot> nodes, List<PortSnapshot> ports) {
        public Swept {
            nodes = List.copyOf(nodes);
            ports = List.copyOf(ports);
        }
    }

    // ---- writing

    public static String encodeNodes(List<FabricNode> nodes) {
        JSONArray rows = new JSONArray();
        for (FabricNode n : nodes) {
            JSONObject o = new JSONObject();
            o.put("guid", guid(n.guid()));
            o.put("lid", n.lid());
            o.put("nodeType", n.nodeType().name());
            o.put("numPorts", n.numPorts());
            o.put("description", n.description());
            o.put("portGuid", guid(n.portGuid()));
            o.put("local", n.local());
            JSONArray links = new JSONArray();
            for (FabricNode.FabricLink l : n.links()) {
                JSONObject lo = new JSONObject();
                lo.put("port", l.port());
                lo.put("remoteGuid", guid(l.remoteGuid()));
                lo.put("remotePort", l.remotePort());
                lo.put("linkWidthSupported", l.linkWidthSupported());
                lo.put("linkSpeedSupported", l.linkSpeedSupported());
                lo.put("linkSpeedExtSupported", l.linkSpeedExtSupported());
                lo.put("extendedSpeeds", l.extendedSpeeds());
                links.add(lo);
            }
            o.put("links", links);
            o.put("discoveredAt", n.discoveredAt().toString());
            o.put("discoveredBy", n.discoveredBy());
            rows.add(o);
        }
        return document(NODES_FORMAT, Map.of("nodes", rows));
    }

    public static String encodeSwept(List<NodeSnapshot> nodes, List<PortSnapshot> ports) {
        JSONArray nodeRows = new JSONArray();
        for (NodeSnapshot n : nodes) {
            JSONObject o = new JSONObject();
            o.put("guid", guid(n.guid()));
            o.put("nodeType", n.nodeType());
            o.put("description", n.description());
            o.put("numPorts", n.numPorts());
            o.put("lid", n.lid());
            o.put("portGuid", guid(n.portGuid()));
            o.put("systemImageGuid", guid(n.systemImageGuid()));
            o.put("vendorId", n.vendorId());
            o.put("deviceId", n.deviceId());
            o.put("route", n.route());
            o.put("local", n.local());
            o.put("answering", n.answering());
            o.put("lastAnswered", time(n.lastAnswered()));
            o.put("failuresLastSweep", n.failuresLastSweep());
            JSONObject rtt = new JSONObject();
            rtt.put("count", n.rtt().count());
            rtt.put("minMicros", n.rtt().minMicros());
            rtt.put("p50Micros", n.rtt().p50Micros());
            rtt.put("p99Micros", n.rtt().p99Micros());
            rtt.put("maxMicros", n.rtt().maxMicros());
            o.put("rtt", rtt);
            o.put("health", n.health().name());
            o.put("madsSent", n.madsSent());
            o.put("sweptBy", n.sweptBy());
            nodeRows.add(o);
        }
        JSONArray portRows = new JSONArray();
        for (PortSnapshot p : ports) {
            JSONObject o = new JSONObject();
            o.put("nodeGuid", guid(p.nodeGuid()));
            o.put("port", p.port());
            o.put("portGuid", guid(p.portGuid()));
            o.put("nodeDescription", p.nodeDescription());
            o.put("nodeType", p.nodeType());
            o.put("lid", p.lid());
            o.put("portState", p.portState());
            o.put("physState", p.physState());
            o.put("linkWidthActive", p.linkWidthActive());
            o.put("linkWidthEnabled", p.linkWidthEnabled());
            o.put("linkWidthSupported", p.linkWidthSupported());
            o.put("linkSpeedActive", p.linkSpeedActive());
            o.put("linkSpeedEnabled", p.linkSpeedEnabled());
            o.put("linkSpeedSupported", p.linkSpeedSupported());
            o.put("linkSpeedExtActive", p.linkSpeedExtActive());
            o.put("linkSpeedExtEnabled", p.linkSpeedExtEnabled());
            o.put("linkSpeedExtSupported", p.linkSpeedExtSupported());
            o.put("linkSpeed", p.linkSpeed());
            o.put("degraded", p.degraded());
            o.put("degradedRemark", p.degradedRemark());
            o.put("health", p.health().name());
            o.put("reasons", strings(p.reasons()));
            o.put("counters", counters(p.counters()));
            o.put("deltas", counters(p.deltas()));
            o.put("saturated", strings(p.saturated()));
            o.put("counterResets", p.counterResets());
            o.put("countersProblem", p.countersProblem());
            o.put("remoteGuid", guid(p.remoteGuid()));
            o.put("remotePort", p.remotePort());
            o.put("lastSweep", time(p.lastSweep()));
            o.put("countersAt", time(p.countersAt()));
            o.put("answering", p.answering());
            o.put("sweptBy", p.sweptBy());
            portRows.add(o);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("nodes", nodeRows);
        body.put("ports", portRows);
        return document(SWEPT_FORMAT, body);
    }

    private static String document(String format, Map<String, Object> body) {
        JSONObject root = new JSONObject();
        root.put("format", format);
        root.put("version", VERSION);
        root.putAll(body);
        return root.toJSONString();
    }

    private static String guid(long guid) {
        return String.format("0x%016x", guid);
    }

    private static String time(Instant t) {
        return t == null ? null : t.toString();
    }

    private static JSONArray strings(List<String> list) {
        JSONArray a = new JSONArray();
        a.addAll(list);
        return a;
    }

    private static JSONObject counters(Map<IbaCounter, Long> counters) {
        JSONObject o = new JSONObject();
        counters.forEach((c, v) -> o.put(c.name(), Long.toUnsignedString(v)));
        return o;
    }

    // ---- reading

    /** @throws SmpJsonException when the text is not a node list of this format and version */
    public static List<FabricNode> decodeNodes(String text) {
        Fields root = root(text, NODES_FORMAT, "nodes");
        List<FabricNode> out = new ArrayList<>();
        List<?> rows = root.list("nodes");
        for (int i = 0; i < rows.size(); i++) {
            Fields o = root.object(rows.get(i), "nodes[" + i + "]", "guid", "lid", "nodeType", "numPorts",
                    "description", "portGuid", "local", "links", "discoveredAt", "discoveredBy");
            List<FabricNode.FabricLink> links = new ArrayList<>();
            List<?> linkRows = o.list("links");
            for (int j = 0; j < linkRows.size(); j++) {
                Fields l = o.object(linkRows.get(j), "links[" + j + "]", "port", "remoteGuid", "remotePort",
                        "linkWidthSupported", "linkSpeedSupported", "linkSpeedExtSupported", "extendedSpeeds");
                links.add(new FabricNode.FabricLink(l.integer("port"), l.guid("remoteGuid"), l.integer("remotePort"),
                        l.integer("linkWidthSupported"), l.integer("linkSpeedSupported"),
                        l.integer("linkSpeedExtSupported"), l.bool("extendedSpeeds")));
            }
            out.add(new FabricNode(o.guid("guid"), o.integer("lid"), o.enumValue("nodeType", NodeType.class),
                    o.integer("numPorts"), o.string("description"), o.guid("portGuid"), o.bool("local"), links,
                    o.time("discoveredAt", false), o.string("discoveredBy")));
        }
        return List.copyOf(out);
    }

    /** @throws SmpJsonException when the text is not a sweep record of this format and version */
    public static Swept decodeSwept(String text) {
        Fields root = root(text, SWEPT_FORMAT, "nodes", "ports");
        List<NodeSnapshot> nodes = new ArrayList<>();
        List<?> nodeRows = root.list("nodes");
        for (int i = 0; i < nodeRows.size(); i++) {
            Fields o = root.object(nodeRows.get(i), "nodes[" + i + "]", "guid", "nodeType", "description",
                    "numPorts", "lid", "portGuid", "systemImageGuid", "vendorId", "deviceId", "route", "local",
                    "answering", "lastAnswered", "failuresLastSweep", "rtt", "health", "madsSent", "sweptBy");
            Fields r = o.object(o.raw("rtt"), "rtt", "count", "minMicros", "p50Micros", "p99Micros", "maxMicros");
            nodes.add(new NodeSnapshot(o.guid("guid"), o.string("nodeType"), o.string("description"),
                    o.integer("numPorts"), o.integer("lid"), o.guid("portGuid"), o.guid("systemImageGuid"),
                    o.integer("vendorId"), o.integer("deviceId"), o.string("route"), o.bool("local"),
                    o.bool("answering"), o.time("lastAnswered", true), o.integer("failuresLastSweep"),
                    new RttSummary(r.number("count"), r.number("minMicros"), r.number("p50Micros"),
                            r.number("p99Micros"), r.number("maxMicros")),
                    o.enumValue("health", Verdict.class), o.number("madsSent"), o.string("sweptBy")));
        }
        List<PortSnapshot> ports = new ArrayList<>();
        List<?> portRows = root.list("ports");
        for (int i = 0; i < portRows.size(); i++) {
            Fields o = root.object(portRows.get(i), "ports[" + i + "]", "nodeGuid", "port", "portGuid",
                    "nodeDescription", "nodeType", "lid", "portState", "physState", "linkWidthActive",
                    "linkWidthEnabled", "linkWidthSupported", "linkSpeedActive", "linkSpeedEnabled",
                    "linkSpeedSupported", "linkSpeedExtActive", "linkSpeedExtEnabled", "linkSpeedExtSupported",
                    "linkSpeed", "degraded", "degradedRemark", "health", "reasons", "counters", "deltas", "saturated",
                    "counterResets", "countersProblem", "remoteGuid", "remotePort", "lastSweep", "countersAt",
                    "answering", "sweptBy");
            ports.add(new PortSnapshot(o.guid("nodeGuid"), o.integer("port"), o.guid("portGuid"),
                    o.string("nodeDescription"), o.string("nodeType"), o.integer("lid"), o.integer("portState"),
                    o.integer("physState"), o.integer("linkWidthActive"), o.integer("linkWidthEnabled"),
                    o.integer("linkWidthSupported"), o.integer("linkSpeedActive"), o.integer("linkSpeedEnabled"),
                    o.integer("linkSpeedSupported"), o.integer("linkSpeedExtActive"),
                    o.integer("linkSpeedExtEnabled"), o.integer("linkSpeedExtSupported"), o.string("linkSpeed"),
                    o.bool("degraded"), o.string("degradedRemark"), o.enumValue("health", Verdict.class),
                    o.strings("reasons"), o.counters("counters"), o.counters("deltas"), o.strings("saturated"),
                    o.number("counterResets"), o.string("countersProblem"), o.guid("remoteGuid"),
                    o.integer("remotePort"), o.time("lastSweep", true), o.time("countersAt", true),
                    o.bool("answering"), o.string("sweptBy")));
        }
        return new Swept(nodes, ports);
    }

    private static Fields root(String text, String format, String... body) {
        Object parsed;
        try {
            parsed = new JSONParser().parse(text);
        } catch (ParseException | IOException | RuntimeException e) {
            throw new SmpJsonException(format + ": not JSON (" + e.getMessage() + ")", e);
        }
        if (!(parsed instanceof Map<?, ?> map)) {
            throw new SmpJsonException(format + ": the document is " + kind(parsed) + ", not an object");
        }
        Fields root = new Fields(format, map);
        if (!format.equals(map.get("format"))) {
            throw new SmpJsonException(format + ": format is " + map.get("format") + ", not " + format);
        }
        long version = root.number("version");
        if (version != VERSION) {
            throw new SmpJsonException(format + ": version " + version + " is not " + VERSION
                    + " (written by another agent version)");
        }
        List<String> expected = new ArrayList<>(List.of("format", "version"));
        expected.addAll(List.of(body));
        root.onlyThese(expected);
        return root;
    }

    private static String kind(Object value) {
        return value == null ? "null" : "a " + value.getClass().getSimpleName();
    }

    /** One JSON object of a record, read strictly; {@code where} names it in every error. */
    private record Fields(String where, Map<?, ?> map) {

        Fields object(Object value, String name, String... fields) {
            if (!(value instanceof Map<?, ?> m)) {
                throw error(name, "is " + kind(value) + ", not an object");
            }
            Fields f = new Fields(where + " " + name, m);
            f.onlyThese(List.of(fields));
            return f;
        }

        void onlyThese(List<String> fields) {
            Set<String> missing = new TreeSet<>(fields);
            Set<String> unknown = new TreeSet<>();
            for (Object k : map.keySet()) {
                if (!missing.remove(String.valueOf(k))) {
                    unknown.add(String.valueOf(k));
                }
            }
            if (!missing.isEmpty()) {
                throw new SmpJsonException(where + ": missing field(s) " + missing);
            }
            if (!unknown.isEmpty()) {
                throw new SmpJsonException(where + ": unknown field(s) " + unknown);
            }
        }

        Object raw(String field) {
            return map.get(field);
        }

        String string(String field) {
            return as(String.class, field, "a string");
        }

        boolean bool(String field) {
            return as(Boolean.class, field, "true or false");
        }

        List<?> list(String field) {
            return as(List.class, field, "an array");
        }

        long number(String field) {
            Object v = map.get(field);
            boolean integral = v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte
                    || v instanceof BigInteger b && b.bitLength() < 64;
            if (!integral) {
                throw error(field, "is " + describe(v) + ", not a whole number");
            }
            return ((Number) v).longValue();
        }

        int integer(String field) {
            long v = number(field);
            if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
                throw error(field, "is " + v + ", out of range for a 32-bit number");
            }
            return (int) v;
        }

        long guid(String field) {
            String s = string(field);
            if (!s.matches("0x[0-9a-fA-F]{1,16}")) {
                throw error(field, "is \"" + s + "\", not a GUID like 0x0002c90300000001");
            }
            return Long.parseUnsignedLong(s.substring(2), 16);
        }

        Instant time(String field, boolean nullable) {
            Object v = map.get(field);
            if (v == null && nullable) {
                return null;
            }
            String s = string(field);
            try {
                return Instant.parse(s);
            } catch (DateTimeException e) {
                throw error(field, "is \"" + s + "\", not an ISO-8601 instant");
            }
        }

        <E extends Enum<E>> E enumValue(String field, Class<E> type) {
            String s = string(field);
            try {
                return Enum.valueOf(type, s);
            } catch (IllegalArgumentException e) {
                throw error(field, "is \"" + s + "\", not one of " + List.of(type.getEnumConstants()));
            }
        }

        List<String> strings(String field) {
            List<String> out = new ArrayList<>();
            List<?> l = list(field);
            for (int i = 0; i < l.size(); i++) {
                if (!(l.get(i) instanceof String s)) {
                    throw error(field + "[" + i + "]", "is " + describe(l.get(i)) + ", not a string");
                }
                out.add(s);
            }
            return List.copyOf(out);
        }

        Map<IbaCounter, Long> counters(String field) {
            Map<?, ?> m = as(Map.class, field, "an object");
            Map<IbaCounter, Long> out = new EnumMap<>(IbaCounter.class);
            for (Map.Entry<?, ?> e : m.entrySet()) {
                String name = field + "." + e.getKey();
                IbaCounter c;
                try {
                    c = IbaCounter.valueOf(String.valueOf(e.getKey()));
                } catch (IllegalArgumentException unknown) {
                    throw error(name, "is not a counter this version knows");
                }
                if (!(e.getValue() instanceof String s) || !s.matches("[0-9]{1,20}")) {
                    throw error(name, "is " + describe(e.getValue()) + ", not an unsigned decimal string");
                }
                try {
                    out.put(c, Long.parseUnsignedLong(s));
                } catch (NumberFormatException tooBig) {
                    throw error(name, "is " + s + ", past 64 bits");
                }
            }
            return Collections.unmodifiableMap(out);
        }

        private <T> T as(Class<T> type, String field, String what) {
            Object v = map.get(field);
            if (!type.isInstance(v)) {
                throw error(field, "is " + describe(v) + ", not " + what);
            }
            return type.cast(v);
        }

        private static String describe(Object v) {
            return v instanceof String s ? "the string \"" + s + "\"" : kind(v);
        }

        private SmpJsonException error(String field, String problem) {
            return new SmpJsonException(where + ": field " + field + " " + problem);
        }
    }
}
