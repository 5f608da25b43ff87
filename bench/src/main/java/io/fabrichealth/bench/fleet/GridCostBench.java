package io.fabrichealth.bench.fleet;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.map.LocalMapStats;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.Transport;
import io.fabrichealth.fleet.grid.GridMaps;
import io.fabrichealth.fleet.grid.GridSweepShare;
import io.fabrichealth.fleet.grid.Card;
import io.fabrichealth.fleet.grid.Seal;
import io.fabrichealth.probes.mad.NodeType;
import io.fabrichealth.probes.smp.FabricNode;
import io.fabrichealth.probes.smp.NodeSnapshot;
import io.fabrichealth.probes.smp.PortSnapshot;
import io.fabrichealth.probes.smp.SmpJson;
import io.fabrichealth.probes.smp.engine.RttSummary;
import io.fabrichealth.probes.smp.health.IbaCounter;
import io.fabrichealth.probes.smp.health.Verdict;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What the fleet's data grid costs, measured with real Hazelcast members on 127.0.0.1 (tcpip join only, a unique
 * cluster name, free ports; the same Hazelcast 5.3.8 Payara Micro runs, with its default map config: one
 * synchronous backup, BINARY in-memory format) and the fleet's real records (SmpJson, Card, signed by Seal with a
 * real 64-hex secret, as a fleet off loopback must be):
 * <ol>
 *   <li><b>Grid memory.</b> 3 members in this JVM; the swept map filled with switches of 36 ports and HCAs of 1
 *       port, one entry per node as GridSweepShare writes it, plus the node list. Entry memory cost (owned +
 *       backup, Hazelcast's LocalMapStats) summed over members, per 1,000 ports and per switch/HCA entry.</li>
 *   <li><b>Bytes of one card</b>, and of the fleet view an agent decodes when it reads the whole swept map.</li>
 *   <li><b>Idle traffic per member.</b> Grids of 1, 3 and 5 members, each member its own JVM, nothing written:
 *       the bytes each moves through read/write syscalls ({@code /proc/PID/io} rchar+wchar, sockets included) over
 *       an idle window, minus the 1-member grid's (which has no peers: JVM and Hazelcast housekeeping only).</li>
 * </ol>
 * Then the estimate for 10,000 hosts. Run: {@code mvn -B -q -pl bench exec:exec@gridcost} (children need the real
 * classpath, hence exec:exec); {@code -Dbench.idleSeconds=60}, {@code -Dbench.groups=1,3,5},
 * {@code -Dbench.heartbeatSeconds=1} (the fleet's default; the failure detector gets 10 s or 6 heartbeats).
 */
public final class GridCostBench {
    private static final Logger HAZELCAST_LOG = Logger.getLogger("com.hazelcast");
    private static final int SWITCH_PORTS = 36;
    /** The fleet's defaults (fleet.heartbeat, fleet.failureDetection), as GridFlags passes them. */
    private static final int HEARTBEAT_SECONDS = Integer.getInteger("bench.heartbeatSeconds", 1);
    private static final int NO_HEARTBEAT_SECONDS = 10;
    /** The 10,000-host fabric of the estimate: one HCA (1 port) per host, 36-port switches. */
    private static final int EST_HOSTS = 10_000;
    private static final int EST_SWITCHES = 1_000;
    private static final long EST_PORTS = EST_HOSTS + (long) EST_SWITCHES * SWITCH_PORTS;

    public static void main(String[] args) throws Exception {
        HAZELCAST_LOG.setLevel(Level.WARNING);
        if (args.length > 0 && args[0].equals("member")) {
            member(args);
            return;
        }
        int switches = Integer.getInteger("bench.switches", 100);
        int hcas = Integer.getInteger("bench.hcas", 1000);
        int idleSeconds = Integer.getInteger("bench.idleSeconds", 60);
        List<Integer> groups = new ArrayList<>();
        for (String g : System.getProperty("bench.groups", "1,3,5").split(",")) {
            groups.add(Integer.parseInt(g.strip()));
        }
        Path dir = Files.createTempDirectory("fh-gridcost-");
        try {
            Path secret = dir.resolve("secret");
            Files.writeString(secret, java.util.HexFormat.of().formatHex(randomBytes(32)) + "\n");
            Seal seal = Seal.of(secret);
            Sizes sizes = memory(seal, switches, hcas);
            Traffic traffic = idleTraffic(groups, idleSeconds);
            estimate(sizes, traffic);
        } finally {
            try (var paths = Files.walk(dir)) {
                paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    // ---- 1 and 2: memory and record sizes

    /** Measured sizes; costs are Hazelcast's entry memory cost, owned + backup, summed over the members. */
    record Sizes(double switchEntryCost, double hcaEntryCost, double switchValueBytes, double hcaValueBytes,
            double nodesBytesPerNode, long nodesEstBytes, double nodesCostPerByte, int cardBytes, int cardPlainBytes,
            double cardEntryCost, double viewHeapPerPort) {
    }

    private static Sizes memory(Seal seal, int switches, int hcas) throws Exception {
        Instant now = Instant.now();
        Fabric f = Fabric.of(switches, hcas, now);
        int ports = switches * SWITCH_PORTS + hcas;
        System.out.printf("grid memory: 3 members, swept map of %d switches x %d ports + %d HCAs x 1 port = %d ports"
                + " (%d nodes), values signed with a 64-hex secret%n", switches, SWITCH_PORTS, hcas, ports,
                switches + hcas);
        try (Bed bed = new Bed(3)) {
            List<HazelcastInstance> m = bed.members;
            IMap<String, String> swept = m.get(0).getMap(GridMaps.SWEPT);
            Map<String, String> sw = f.sweptValues(seal, 0, switches);
            Map<String, String> ca = f.sweptValues(seal, switches, switches + hcas);
            swept.putAll(sw);
            long afterSwitches = cost(m, GridMaps.SWEPT);
            swept.putAll(ca);
            long afterAll = cost(m, GridMaps.SWEPT);
            double swCost = afterSwitches / (double) switches;
            double caCost = (afterAll - afterSwitches) / (double) hcas;
            double swBytes = sw.values().stream().mapToLong(GridCostBench::utf8).average().orElse(0);
            double caBytes = ca.values().stream().mapToLong(GridCostBench::utf8).average().orElse(0);
            long payload = utf8(sw) + utf8(ca);
            System.out.printf("  swept: %,d B entry memory (owned+backup, all members) = %,.0f B per 1,000 ports"
                    + " (payload keys+values %,d B, so x%.2f for 1 backup and Hazelcast's records)%n", afterAll,
                    afterAll * 1000.0 / ports, payload, afterAll / (double) payload);
            System.out.printf("  per entry (owned+backup): switch (36 ports) %,.0f B = %,.0f B/port; HCA (1 port)"
                    + " %,.0f B%n", swCost, swCost / SWITCH_PORTS, caCost);
            System.out.printf("  value bytes: switch entry %,.0f B, HCA entry %,.0f B (the seal adds %d B each)%n",
                    swBytes, caBytes, utf8(seal.seal("")));

            IMap<String, String> nodes = m.get(0).getMap(GridMaps.NODES);
            String nodeList = seal.seal(SmpJson.encodeNodes(f.nodes));
            nodes.set(GridMaps.FABRIC, nodeList);
            long nodesCost = cost(m, GridMaps.NODES);
            double nodesPerNode = utf8(nodeList) / (double) f.nodes.size();
            System.out.printf("  nodes: one entry of %,d B (%,.0f B per node), entry memory %,d B (owned+backup)"
                    + " = %,.0f B per 1,000 ports, held by 2 of the members only%n", utf8(nodeList), nodesPerNode,
                    nodesCost, nodesCost * 1000.0 / ports);

            // The estimate's node list, built for real: 11,000 nodes and their links, one value.
            long estNodes = utf8(seal.seal(SmpJson.encodeNodes(
                    Fabric.of(EST_SWITCHES, EST_HOSTS, now).nodes)));

            Card card = card(now);
            int cardBytes = (int) utf8(seal.seal(card.toJson()));
            int cardPlain = (int) utf8(Seal.none().seal(card.toJson()));
            IMap<String, String> cards = m.get(0).getMap(GridMaps.CARDS);
            Map<String, String> thousand = new HashMap<>();
            for (int i = 0; i < 1000; i++) {
                Card c = card(now);
                Card named = new Card(String.format("hpc-node-%05d", i), c.host(), c.member(), c.jolokiaUrl(),
                        c.burst(), c.pingpong(), c.transports(), c.sweeps(), c.ca(), c.port(), c.portGuid() + i, c.lid() + i,
                        c.version(), now, now);
                thousand.put(named.name(), seal.seal(named.toJson()));
            }
            cards.putAll(thousand);
            double cardCost = cost(m, GridMaps.CARDS) / 1000.0;
            System.out.printf("card: %d B signed (%d B without a secret); entry memory %,.0f B per card (owned+backup)"
                    + "%n", cardBytes, cardPlain, cardCost);

            double heapPerPort = viewHeap(m.get(1), seal, ports);
            return new Sizes(swCost, caCost, swBytes, caBytes, nodesPerNode, estNodes,
                    nodesCost / (double) utf8(nodeList), cardBytes, cardPlain, cardCost, heapPerPort);
        }
    }

    /** What GridSweepShare.others() keeps: every swept record read and decoded; heap held per port. */
    private static double viewHeap(HazelcastInstance member, Seal seal, int ports) {
        var heap = ManagementFactory.getMemoryMXBean();
        gc();
        long before = heap.getHeapMemoryUsage().getUsed();
        List<NodeSnapshot> ns = new ArrayList<>();
        List<PortSnapshot> ps = new ArrayList<>();
        long pulled = 0;
        for (Map.Entry<String, String> e : member.<String, String>getMap(GridMaps.SWEPT).entrySet()) {
            pulled += utf8(e.getValue());
            SmpJson.Swept s = SmpJson.decodeSwept(seal.open(e.getValue()));
            ns.addAll(s.nodes());
            ps.addAll(s.ports());
        }
        gc();
        long held = heap.getHeapMemoryUsage().getUsed() - before;
        System.out.printf("fleet view: one read of the whole swept map pulls %,d B; decoded it holds ~%,d B of heap"
                + " (%,.0f B per port; %d nodes, %d ports)%n", pulled, held, held / (double) ports, ns.size(),
                ps.size());
        return held / (double) ports;
    }

    private static void gc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static long cost(List<HazelcastInstance> members, String map) {
        long sum = 0;
        for (HazelcastInstance m : members) {
            LocalMapStats s = m.getMap(map).getLocalMapStats();
            sum += s.getOwnedEntryMemoryCost() + s.getBackupEntryMemoryCost();
        }
        return sum;
    }

    /** A card as a host of a real cluster would publish it. */
    private static Card card(Instant now) {
        return new Card("hpc-node-04217", "hpc-node-04217.cluster.example.org", UUID.randomUUID().toString(),
                "http://10.12.34.217:8778/jolokia", new HostPort("10.12.34.217", 7470),
                new HostPort("10.12.34.217", 7472), List.of(Transport.FABRIC, Transport.RDS), true, "mlx5_0", 1,
                0x0c42a10300a4f1b2L, 4217, "0.1.0-SNAPSHOT", now, now);
    }

    /** Switches first (guids 0x..1000_0000+i), then HCAs, as a sweep would have seen them. */
    private record Fabric(List<FabricNode> nodes, List<NodeSnapshot> snaps, Map<Long, List<PortSnapshot>> ports) {
        static Fabric of(int switches, int hcas, Instant now) {
            List<FabricNode> nodes = new ArrayList<>();
            List<NodeSnapshot> snaps = new ArrayList<>();
            Map<Long, List<PortSnapshot>> ports = new HashMap<>();
            RttSummary rtt = new RttSummary(37, 48, 95, 310, 412);
            for (int i = 0; i < switches + hcas; i++) {
                boolean sw = i < switches;
                long guid = (sw ? 0x98039b0300100000L : 0x0c42a10300200000L) + i;
                int lid = i + 1;
                int n = sw ? SWITCH_PORTS : 1;
                String desc = sw ? String.format("MF0;ib-sw-%04d:MQM8700/U1", i)
                        : String.format("hpc-node-%05d mlx5_0", i - switches);
                List<FabricNode.FabricLink> links = new ArrayList<>();
                for (int p = 1; p <= n; p++) {
                    links.add(new FabricNode.FabricLink(p, 0x98039b0300100000L + (i + p) % Math.max(1, switches),
                            p, 3, 21, 4, true));
                }
                nodes.add(new FabricNode(guid, lid, sw ? NodeType.SWITCH : NodeType.CA, n, desc, guid, false, links,
                        now, "hpc-node-00000"));
                String by = String.format("hpc-node-%05d", i % 997);
                snaps.add(new NodeSnapshot(guid, sw ? "Switch" : "Channel Adapter", desc, n, lid, guid, guid,
                        0x02c9, sw ? 0xd2f0 : 0x101b, "LID " + lid, false, true, now, 0, rtt, Verdict.OK,
                        123_456L + i, by));
                List<PortSnapshot> list = new ArrayList<>();
                for (int p = 1; p <= n; p++) {
                    list.add(port(guid, p, sw, desc, lid, now, by, i));
                }
                ports.put(guid, list);
            }
            return new Fabric(nodes, snaps, ports);
        }

        /** Entries [from, to) as GridSweepShare.publishSwept writes them: one per node, its ports with it. */
        Map<String, String> sweptValues(Seal seal, int from, int to) {
            Map<String, String> out = new HashMap<>();
            for (NodeSnapshot n : snaps.subList(from, to)) {
                out.put(GridSweepShare.hex(n.guid()), seal.seal(
                        SmpJson.encodeSwept(List.of(n), ports.get(n.guid()))));
            }
            return out;
        }
    }

    /** A port of a busy, healthy HDR link: every counter present with realistic magnitudes. */
    private static PortSnapshot port(long guid, int p, boolean sw, String desc, int lid, Instant now, String by, int i) {
        Map<IbaCounter, Long> counters = new EnumMap<>(IbaCounter.class);
        Map<IbaCounter, Long> deltas = new EnumMap<>(IbaCounter.class);
        long seed = guid * 31 + p;
        for (IbaCounter c : IbaCounter.values()) {
            boolean data = c.name().contains("DATA") || c.name().contains("PKTS") || c.name().contains("WAIT");
            long v = data ? 1_234_567_890_123L + Math.floorMod(seed * 7919, 1_000_000_007L) : Math.floorMod(seed, 7);
            counters.put(c, v);
            deltas.put(c, data ? 98_765_432L + Math.floorMod(seed, 100_000) : 0L);
        }
        return new PortSnapshot(guid, p, sw ? guid : guid + 1, desc, sw ? "Switch" : "Channel Adapter",
                sw ? lid : lid, 4, 5, 2, 3, 3, 16, 21, 21, 4, 4, 4, "53.125 Gbps", false, "", Verdict.OK, List.of(),
                counters, deltas, List.of(), 0, "", 0x98039b0300100000L + i % 97, p, now, now, true, by);
    }

    // ---- 3: idle traffic, each member its own JVM

    /** Bytes per member per second (read, written) by grid size; per peer from the slope over the baseline. */
    record Traffic(Map<Integer, double[]> perMember, double perPeerRead, double perPeerWritten, int seconds) {
    }

    private static Traffic idleTraffic(List<Integer> groups, int seconds) throws Exception {
        int settle = Integer.getInteger("bench.settleSeconds", 30);
        int lifetime = settle + seconds + 120;
        List<Process> all = new ArrayList<>();
        Map<Integer, List<Process>> byGroup = new HashMap<>();
        try {
            for (int size : groups) {
                String cluster = "fh-gridcost-" + UUID.randomUUID();
                List<Integer> ports = freePorts(size);
                String list = String.join(",", ports.stream().map(String::valueOf).toList());
                List<Process> ps = new ArrayList<>();
                for (int i = 0; i < size; i++) {
                    ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
                            .toString(), "-Xmx128m", "-XX:+UseSerialGC",
                            "-Dbench.heartbeatSeconds=" + HEARTBEAT_SECONDS, "-cp", System.getProperty("java.class.path"),
                            GridCostBench.class.getName(), "member", cluster, ports.get(i).toString(), list,
                            Integer.toString(size), Integer.toString(lifetime));
                    pb.redirectErrorStream(true);
                    Process p = pb.start();
                    ps.add(p);
                    all.add(p);
                }
                byGroup.put(size, ps);
            }
            for (Process p : all) {
                awaitReady(p, 120);
            }
            System.out.printf("idle traffic: grids of %s member(s), one JVM each, heartbeat %d s, settle %d s,"
                    + " then %d s idle%n", groups, HEARTBEAT_SECONDS, settle, seconds);
            Thread.sleep(settle * 1000L);
            Map<Process, long[]> t0 = new HashMap<>();
            for (Process p : all) {
                t0.put(p, io(p.pid()));
            }
            Map<String, long[]> s0 = sockets();
            long start = System.nanoTime();
            Thread.sleep(seconds * 1000L);
            Map<String, long[]> s1 = sockets();
            double secs = (System.nanoTime() - start) / 1e9;
            Map<Long, long[]> byPid = socketDeltas(s0, s1);
            Map<Integer, double[]> perMember = new java.util.TreeMap<>();
            for (Map.Entry<Integer, List<Process>> e : byGroup.entrySet()) {
                double[] sum = new double[5];
                for (Process p : e.getValue()) {
                    if (!p.isAlive()) {
                        throw new IOException("a member of the grid of " + e.getKey() + " died during the window");
                    }
                    long[] sock = byPid.getOrDefault(p.pid(), new long[3]);
                    long[] now = io(p.pid());
                    sum[0] += sock[0] / secs;
                    sum[1] += sock[1] / secs;
                    sum[2] += sock[2] / secs;
                    sum[3] += (now[0] - t0.get(p)[0]) / secs;
                    sum[4] += (now[1] - t0.get(p)[1]) / secs;
                }
                for (int i = 0; i < sum.length; i++) {
                    sum[i] /= e.getValue().size();
                }
                perMember.put(e.getKey(), sum);
            }
            System.out.println("  per member, B/s    TCP sent  TCP received  segments out/s  | rchar  wchar"
                    + "  | per peer: sent, received, segments");
            double slopeR = 0;
            double slopeW = 0;
            for (Map.Entry<Integer, double[]> e : perMember.entrySet()) {
                double[] v = e.getValue();
                int n = e.getKey();
                String peer = n > 1 ? String.format("%,.0f, %,.0f, %.1f", v[0] / (n - 1), v[1] / (n - 1),
                        v[2] / (n - 1)) : "-";
                System.out.printf("  %2d member(s)  %,10.0f  %,12.0f  %,14.1f  | %,6.0f %,6.0f | %s%n", n, v[0], v[1],
                        v[2], v[3], v[4], peer);
                if (n > 1) {
                    // the largest grid's: it averages over the most peers
                    slopeW = v[0] / (n - 1);
                    slopeR = v[1] / (n - 1);
                }
            }
            return new Traffic(perMember, slopeR, slopeW, seconds);
        } finally {
            for (Process p : all) {
                p.destroy();
            }
            for (Process p : all) {
                if (!p.waitFor(20, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            }
        }
    }

    private static void awaitReady(Process p, int seconds) throws Exception {
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        String line;
        while ((line = r.readLine()) != null) {
            if (line.startsWith("READY")) {
                // keep draining its output so a chatty member never blocks on a full pipe
                Thread t = new Thread(() -> r.lines().forEach(l -> { }), "drain-" + p.pid());
                t.setDaemon(true);
                t.start();
                return;
            }
            if (System.nanoTime() > deadline) {
                break;
            }
        }
        throw new IOException("grid member " + p.pid() + " never reported READY (last line: " + line + ")");
    }

    /**
     * Every TCP socket on this host from {@code ss -tinp}: "pid|local|peer" -> bytes_sent, bytes_received,
     * segs_out. Socket payload only, whatever the process reads from files; a loopback socket shows at both ends,
     * each under its own process.
     */
    private static Map<String, long[]> sockets() throws Exception {
        Process ss = new ProcessBuilder("ss", "-tinpH").redirectErrorStream(true).start();
        List<String> lines;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(ss.getInputStream(), StandardCharsets.UTF_8))) {
            lines = r.lines().toList();
        }
        if (!ss.waitFor(30, TimeUnit.SECONDS)) {
            ss.destroyForcibly();
            throw new IOException("ss did not finish");
        }
        Map<String, long[]> out = new HashMap<>();
        java.util.regex.Pattern pid = java.util.regex.Pattern.compile("pid=(\\d+)");
        String key = null;
        for (String l : lines) {
            if (!Character.isWhitespace(l.charAt(0))) {
                String[] f = l.trim().split("\\s+");
                java.util.regex.Matcher m = pid.matcher(l);
                key = m.find() && f.length >= 5 ? m.group(1) + "|" + f[3] + "|" + f[4] : null;
            } else if (key != null) {
                out.put(key, new long[] {field(l, "bytes_sent:"), field(l, "bytes_received:"), field(l, "segs_out:")});
                key = null;
            }
        }
        return out;
    }

    /** Per pid: what its sockets moved between the two readings (a socket opened since counts from zero). */
    private static Map<Long, long[]> socketDeltas(Map<String, long[]> before, Map<String, long[]> after) {
        Map<Long, long[]> out = new HashMap<>();
        for (Map.Entry<String, long[]> e : after.entrySet()) {
            long[] b = before.getOrDefault(e.getKey(), new long[3]);
            long[] sum = out.computeIfAbsent(Long.parseLong(e.getKey().substring(0, e.getKey().indexOf('|'))),
                    k -> new long[3]);
            for (int i = 0; i < 3; i++) {
                sum[i] += e.getValue()[i] - b[i];
            }
        }
        return out;
    }

    private static long field(String line, String name) {
        int i = line.indexOf(name);
        if (i < 0) {
            return 0;
        }
        int j = i + name.length();
        int k = j;
        while (k < line.length() && Character.isDigit(line.charAt(k))) {
            k++;
        }
        return Long.parseLong(line.substring(j, k));
    }

    /** rchar, wchar of a process: bytes through read/write syscalls, sockets included. */
    private static long[] io(long pid) throws IOException {
        long r = 0;
        long w = 0;
        for (String l : Files.readAllLines(Path.of("/proc/" + pid + "/io"))) {
            if (l.startsWith("rchar:")) {
                r = Long.parseLong(l.substring(6).strip());
            } else if (l.startsWith("wchar:")) {
                w = Long.parseLong(l.substring(6).strip());
            }
        }
        return new long[] {r, w};
    }

    /** A grid member in its own JVM: joins, says READY when the grid has its size, idles, and ends on its own. */
    private static void member(String[] a) throws Exception {
        String cluster = a[1];
        int port = Integer.parseInt(a[2]);
        List<Integer> ports = new ArrayList<>();
        for (String p : a[3].split(",")) {
            ports.add(Integer.parseInt(p));
        }
        int size = Integer.parseInt(a[4]);
        int lifetime = Integer.parseInt(a[5]);
        // The parent gone (stdin closed) or the lifetime over: stop.
        Thread watch = new Thread(() -> {
            try {
                while (System.in.read() >= 0) {
                    // nothing is ever sent
                }
            } catch (IOException ignored) {
                // same as closed
            }
            System.exit(0);
        }, "parent-watch");
        watch.setDaemon(true);
        watch.start();
        HazelcastInstance hz = Hazelcast.newHazelcastInstance(config(cluster, port, ports));
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (hz.getCluster().getMembers().size() < size && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        System.out.println((hz.getCluster().getMembers().size() == size ? "READY " : "NOT READY ")
                + hz.getCluster().getMembers().size());
        System.out.flush();
        Thread.sleep(lifetime * 1000L);
        hz.getLifecycleService().terminate();
        System.exit(0);
    }

    // ---- 10,000 hosts

    private static void estimate(Sizes s, Traffic t) {
        int n = EST_HOSTS;
        double sweptCost = EST_SWITCHES * s.switchEntryCost + EST_HOSTS * s.hcaEntryCost;
        double nodesCost = s.nodesEstBytes * s.nodesCostPerByte;
        double cardsCost = n * s.cardEntryCost;
        double sweptBytes = EST_SWITCHES * s.switchValueBytes + EST_HOSTS * s.hcaValueBytes;
        System.out.printf("%nestimate for %,d hosts: one agent each, %,d HCAs x 1 port + %,d switches x %d ports ="
                + " %,d ports, %,d nodes; 1 backup%n", n, EST_HOSTS, EST_SWITCHES, SWITCH_PORTS, EST_PORTS,
                EST_HOSTS + EST_SWITCHES);
        System.out.printf("  grid memory, swept: %s in all = %s per member (spread over %,d members)%n",
                mib(sweptCost), kib(sweptCost / n), n);
        System.out.printf("  grid memory, nodes: ONE entry of %s (owned+backup %s) on 2 members only%n",
                mib(s.nodesEstBytes), mib(nodesCost));
        System.out.printf("  grid memory, cards: %s in all%n", mib(cardsCost));
        System.out.printf("  node list reads: every member re-reads the one entry on each rediscovery (every 10"
                + " sweeps of 30 s by default): %s from the entry's owner per rediscovery, %s/s on average%n",
                gib((double) n * s.nodesEstBytes), mib((double) n * s.nodesEstBytes / 300));
        System.out.printf("  fleet view per agent (whole swept map): %s pulled per read (every sweep period, 30 s"
                + " by default: %s/s per agent, %s/s fleet-wide), ~%s of heap decoded%n", mib(sweptBytes),
                kib(sweptBytes / 30), mib(sweptBytes / 30 * n), mib(s.viewHeapPerPort * EST_PORTS));
        System.out.printf("  card traffic on a join: the new card written once (+backup, %d B x 2); every member then"
                + " re-reads all %,d cards: %s per member, %s fleet-wide%n", s.cardBytes, n,
                mib((double) n * s.cardBytes), gib((double) n * n * s.cardBytes));
        System.out.printf("  card traffic at rest: every member re-reads all cards every failureDetection (%d s):"
                + " %s/s per member%n", NO_HEARTBEAT_SECONDS, kib((double) n * s.cardBytes / NO_HEARTBEAT_SECONDS));
        System.out.printf("  heartbeat/membership, O(N) per member: %,.0f B/s received + %,.0f B/s sent per peer at"
                + " %d s -> x %,d peers = %s/s in + %s/s out per member, %s/s fleet-wide%n", t.perPeerRead,
                t.perPeerWritten, HEARTBEAT_SECONDS, n - 1, mib(t.perPeerRead * (n - 1)),
                mib(t.perPeerWritten * (n - 1)), gib(t.perPeerWritten * (n - 1) * n));
    }

    private static String kib(double b) {
        return String.format("%,.1f KiB", b / 1024);
    }

    private static String mib(double b) {
        return String.format("%,.1f MiB", b / 1024 / 1024);
    }

    private static String gib(double b) {
        return String.format("%,.2f GiB", b / 1024 / 1024 / 1024);
    }

    // ---- plumbing

    private static Config config(String cluster, int port, List<Integer> ports) {
        Config c = new Config();
        c.setClusterName(cluster);
        c.setInstanceName(cluster + "-" + port);
        c.getNetworkConfig().setPort(port).setPortAutoIncrement(false);
        c.getNetworkConfig().getInterfaces().setEnabled(true).addInterface("127.0.0.1");
        JoinConfig j = c.getNetworkConfig().getJoin();
        j.getMulticastConfig().setEnabled(false);
        j.getAutoDetectionConfig().setEnabled(false);
        j.getTcpIpConfig().setEnabled(true);
        ports.forEach(p -> j.getTcpIpConfig().addMember("127.0.0.1:" + p));
        c.setProperty("hazelcast.socket.bind.any", "false");
        c.setProperty("hazelcast.heartbeat.interval.seconds", Integer.toString(HEARTBEAT_SECONDS));
        c.setProperty("hazelcast.max.no.heartbeat.seconds",
                Integer.toString(Math.max(NO_HEARTBEAT_SECONDS, 6 * HEARTBEAT_SECONDS)));
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.setProperty("hazelcast.logging.type", "jdk");
        c.setProperty("hazelcast.wait.seconds.before.join", "1");
        return c;
    }

    /** Members in this JVM. */
    private static final class Bed implements AutoCloseable {
        final List<HazelcastInstance> members = new ArrayList<>();

        Bed(int size) throws IOException {
            String cluster = "fh-gridcost-" + UUID.randomUUID();
            List<Integer> ports = freePorts(size);
            try {
                for (int i = 0; i < size; i++) {
                    members.add(Hazelcast.newHazelcastInstance(config(cluster, ports.get(i), ports)));
                }
            } catch (RuntimeException e) {
                close();
                throw e;
            }
        }

        @Override
        public void close() {
            for (HazelcastInstance hz : members) {
                try {
                    hz.getLifecycleService().terminate();
                } catch (RuntimeException ignored) {
                    // already gone
                }
            }
        }
    }

    private static List<Integer> freePorts(int n) throws IOException {
        List<ServerSocket> held = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                held.add(new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress()));
            }
            return held.stream().map(ServerSocket::getLocalPort).toList();
        } finally {
            for (ServerSocket s : held) {
                s.close();
            }
        }
    }

    private static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        new java.security.SecureRandom().nextBytes(b);
        return b;
    }

    private static long utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    private static long utf8(Map<String, String> m) {
        long sum = 0;
        for (Map.Entry<String, String> e : m.entrySet()) {
            sum += utf8(e.getKey()) + utf8(e.getValue());
        }
        return sum;
    }
}
