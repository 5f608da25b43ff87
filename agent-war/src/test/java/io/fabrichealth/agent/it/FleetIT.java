package io.fabrichealth.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.cli.fleet.FleetOnOneHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13's acceptance, on one shared fixture: three agents on one 1,024-port simulated fat tree, each at its own
 * HCA, in one data grid on 127.0.0.1. Members and the whole fabric on every agent, ports against perfquery, the SMP
 * load per switch against one agent alone, a corruption found by one agent shown and acknowledged everywhere,
 * Prometheus scraping all three without a duplicate series, and last a kill -9 in the middle of a sweep and the
 * agent's return. Figures go to the IT's output (target/failsafe-reports/*FleetIT-output.txt).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FleetIT {
    static final String FLEET = "fabric.health:type=Fleet";
    static final String ALARMS = "fabric.health:type=Alarms";
    /** The sweep period of the fixture; the ping-pong and bursts schedules run only when a test asks. */
    static final Duration PERIOD = Duration.ofSeconds(10);
    static final String BASE = """
            schedules:
              - {name: smp-sweep, probe: smp-sweep, every: 10s, jitter: 0%}
              - {name: pingpong, probe: pingpong, every: 1h, jitter: 0%}
              - {name: bursts, probe: bursts, every: 1h, jitter: 0%}
            fleet:
              failureDetection: 6s
            """;
    @TempDir
    static Path work;
    static FleetOnOneHost fleet;
    static Duration boot;

    @BeforeAll
    static void startTheFleet() throws Exception {
        long t0 = System.nanoTime();
        fleet = FleetFixture.start(work, BASE);
        boot = Duration.ofNanos(System.nanoTime() - t0);
    }

    @AfterAll
    static void stopTheFleet() {
        if (fleet != null) {
            fleet.close();
        }
    }

    @Test
    @Order(1)
    void everyAgentAnswersOnJolokiaAttachedAtItsOwnHca() throws Exception {
        List<String> hcas = new ArrayList<>();
        for (FleetOnOneHost.Agent a : fleet.agents()) {
            Jolokia.Answer answer = new Jolokia(a.httpPort()).get("/read/fabric.health:type=Agent");
            assertThat(answer.status()).as(a.name() + ": " + answer.body()).isEqualTo(200);
            @SuppressWarnings("unchecked")
            Map<String, Object> fabric = (Map<String, Object>) ((Map<String, Object>) answer.value()).get("Fabric");
            assertThat(fabric.get("simHost")).as(a.name()).isEqualTo(a.simHost());
            hcas.add(a.simHost());
        }
        assertThat(hcas).doesNotHaveDuplicates().hasSize(FleetFixture.AGENTS);
    }

    /**
     * Read from Payara's own report of the grid, which every member logs when membership changes ("DG Size: 3" and
     * one line per instance with its grid address and, once known, its name). The Fleet MBean's Members, once the fleet module registers it, is the
     * agent's view of the same and gets its own test there.
     */
    @Test
    @Order(2)
    void theThreeAgentsFormOneGridOnLoopback() {
        for (FleetOnOneHost.Agent a : fleet.agents()) {
            Awaitility.await(a.name() + " sees a grid of 3").atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
                        String log = Files.readString(a.log());
                        String last = log.substring(log.lastIndexOf("Payara Data Grid State"));
                        assertThat(last).contains("DG Name: " + fleet.config(0).fleet().name() + " DG Size: 3");
                        for (FleetOnOneHost.Agent b : fleet.agents()) {
                            assertThat(last).contains("Address: /127.0.0.1:" + b.gridPort());
                        }
                        // A newcomer's name reaches the others a moment after its address, so each checks its own.
                        assertThat(last).contains("Name: " + a.name() + " Lite: false This: true");
                    });
        }
    }

    @Test
    @Order(3)
    void everyAgentListsTheSameThreeMembersAndTheOldestDiscovers() throws Exception {
        List<String> names = fleet.agents().stream().map(FleetOnOneHost.Agent::name).toList();
        for (FleetOnOneHost.Agent a : fleet.agents()) {
            Awaitility.await(a.name() + " lists 3 members").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500))
                    .untilAsserted(() -> {
                        Map<String, Object> f = readAll(a, FLEET);
                        assertThat(f.get("Joined")).as(f.get("State").toString()).isEqualTo(true);
                        List<Map<String, Object>> members = rows(f.get("Members"));
                        assertThat(members).extracting(m -> m.get("name")).containsExactlyElementsOf(names);
                        for (FleetOnOneHost.Agent b : fleet.agents()) {
                            Map<String, Object> row = members.stream().filter(m -> m.get("name").equals(b.name()))
                                    .findFirst().orElseThrow();
                            assertThat(row.get("jolokiaUrl")).isEqualTo(b.jolokiaUrl());
                            assertThat((String) row.get("joinedAt")).isNotEmpty();
                        }
                        assertThat(f.get("DiscoveryOwner")).isEqualTo(names.get(0));
                    });
        }
    }

    /** opensm brought the whole tree up before the agents started; every agent shows every port, swept by someone. */
    @Test
    @Order(4)
    void everyAgentShowsThePortsOfTheWholeFabricEachSweptByOneMember() throws Exception {
        Set<String> names = new TreeSet<>(fleet.agents().stream().map(FleetOnOneHost.Agent::name).toList());
        for (FleetOnOneHost.Agent a : fleet.agents()) {
            Awaitility.await(a.name() + " shows " + FleetFixture.PORTS + " active ports").atMost(Duration.ofSeconds(180))
                    .pollInterval(Duration.ofSeconds(2)).untilAsserted(() -> {
                        List<Map<String, Object>> cabled = cabledPorts(a);
                        assertThat(cabled).hasSize(FleetFixture.PORTS)
                                .allSatisfy(p -> assertThat(p.get("PortState")).isEqualTo("Active"));
                        assertThat(new TreeSet<>(cabled.stream().map(p -> (String) p.get("SweptBy")).toList()))
                                .isEqualTo(names);
                    });
        }
        Map<String, Object> f = readAll(fleet.agent(0), FLEET);
        int owned = rows(f.get("NodesPerMember")).stream().mapToInt(r -> ((Number) r.get("nodes")).intValue()).sum();
        assertThat(owned).isEqualTo(FleetFixture.LEAVES + FleetFixture.SPINES + FleetFixture.LEAVES * FleetFixture.HCAS_PER_LEAF);
        System.out.println("nodes per member: " + f.get("NodesPerMember"));
    }

    /** A port another agent sweeps, read from agent 0, equals perfquery's answer for it. */
    @Test
    @Order(5)
    void aPortReadFromAnyAgentEqualsPerfquery() throws Exception {
        FleetOnOneHost.Agent reader = fleet.agent(0);
        Map<String, Map<String, Object>> ports = bulk(reader, "fabric.health:type=Port,*", "SweptBy", "NodeDescription",
                "PortNumber", "Lid", "NodeType");
        Map<String, Object> port = ports.values().stream()
                .filter(p -> p.get("SweptBy").equals(fleet.agent(1).name()) && "Switch".equals(p.get("NodeType")))
                .findFirst().orElseThrow(() -> new AssertionError("agent 1 sweeps no switch port: " + ports.size()));
        String node = (String) port.get("NodeDescription");
        int number = ((Number) port.get("PortNumber")).intValue();
        int lid = ((Number) port.get("Lid")).intValue();
        // Distinct values, so equality means the right counter of the right port, not two zeros.
        fleet.fabric().console("PerformanceSet \"" + node + "\"[" + number + "] PortCounters.SymbolErrorCounter=4321");
        fleet.fabric().console("PerformanceSet \"" + node + "\"[" + number + "] PortCounters.PortRcvErrors=77");
        String perfquery = fleet.fabric().tool(FleetFixture.spareHca(fleet), Duration.ofSeconds(30), "perfquery",
                Integer.toString(lid), Integer.toString(number)).stdout();
        Awaitility.await("agent 0 shows agent 1's sweep of " + node + " port " + number).atMost(PERIOD.multipliedBy(4))
                .pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
                    Map<String, Object> p = readAll(reader, "fabric.health:type=Port,*", port);
                    for (String counter : List.of("SymbolErrorCounter", "PortRcvErrors", "LinkDownedCounter", "PortXmitDiscards")) {
                        assertThat(((Number) p.get(counter)).longValue()).as(counter + " of " + node + "[" + number
                                + "] on " + reader.name() + " vs perfquery:\n" + perfquery).isEqualTo(perfqueryValue(perfquery, counter));
                    }
                });
        assertThat(perfqueryValue(perfquery, "SymbolErrorCounter")).isEqualTo(4321);
    }

    /** The route between every two agents, traced on any agent from the switches' forwarding tables, is ibtracert's. */
    @Test
    @Order(6)
    void everyPeerPairsRouteTracedOnAnyAgentIsIbtracerts() throws Exception {
        List<Integer> lids = new ArrayList<>();
        for (FleetOnOneHost.Agent a : fleet.agents()) {
            @SuppressWarnings("unchecked")
            Map<String, Object> fabric = (Map<String, Object>) read(a, "fabric.health:type=Agent", "Fabric");
            lids.add(((Number) fabric.get("lid")).intValue());
        }
        for (int i = 0; i < lids.size(); i++) {
            for (int j = 0; j < lids.size(); j++) {
                if (i == j) {
                    continue;
                }
                String source = Integer.toString(lids.get(i));
                String destination = Integer.toString(lids.get(j));
                String ibtracert = fleet.fabric().tool(FleetFixture.spareHca(fleet), Duration.ofSeconds(30),
                        "ibtracert", source, destination).stdout();
                FleetOnOneHost.Agent tracer = fleet.agent((i + j) % lids.size());
                String traced = (String) exec(tracer, "fabric.health:type=SmpProbe", "traceRoute", lids.get(i),
                        lids.get(j));
                assertThat(traced.lines().toList()).as("%s -> %s on %s", source, destination, tracer.name())
                        .containsExactlyElementsOf(ibtracert.lines().map(String::strip).filter(l -> !l.isEmpty())
                                .toList());
            }
        }
    }

    /**
     * Over 5 sweep periods, the MADs each switch gets from the whole fleet (every agent's Node MBean MadsSent,
     * summed) against what one agent outside the fleet, in steady state, sends it in the same run: at most 1.05 times
     * for a leaf, 1.10 for a spine (the rolling rediscovery's NodeInfos). No agent ever has more than 2 in flight to
     * one destination.
     */
    @Test
    @Order(7)
    void theFleetSendsEachSwitchNoMoreThanOneAgentAlone() throws Exception {
        FleetOnOneHost.Agent alone = fleet.startAlone(FleetFixture.base(work, BASE));
        Awaitility.await("the lone agent swept twice").atMost(PERIOD.multipliedBy(6)).pollInterval(Duration.ofSeconds(1))
                .until(() -> ((Number) read(alone, "fabric.health:type=SmpProbe", "Sweeps")).longValue() >= 2);
        List<FleetOnOneHost.Agent> all = new ArrayList<>(fleet.agents());
        all.add(alone);
        Map<String, Map<String, Long>> before = new HashMap<>();
        Map<String, Long> sweepsBefore = new HashMap<>();
        for (FleetOnOneHost.Agent a : all) {
            sweepsBefore.put(a.name(), ((Number) read(a, "fabric.health:type=SmpProbe", "Sweeps")).longValue());
            before.put(a.name(), madsPerSwitch(a));
        }
        Thread.sleep(PERIOD.multipliedBy(5).toMillis());
        Map<String, Double> perPeriod = new TreeMap<>();
        double aloneSweeps = 0;
        Map<String, Long> aloneMads = new HashMap<>();
        for (FleetOnOneHost.Agent a : all) {
            long sweeps = ((Number) read(a, "fabric.health:type=SmpProbe", "Sweeps")).longValue() - sweepsBefore.get(a.name());
            assertThat(sweeps).as(a.name() + " swept in 5 periods").isGreaterThanOrEqualTo(3);
            Map<String, Long> now = madsPerSwitch(a);
            for (Map.Entry<String, Long> e : now.entrySet()) {
                long delta = e.getValue() - before.get(a.name()).getOrDefault(e.getKey(), 0L);
                if (a == alone) {
                    aloneMads.put(e.getKey(), delta);
                } else {
                    perPeriod.merge(e.getKey(), (double) delta / sweeps, Double::sum);
                }
            }
            if (a == alone) {
                aloneSweeps = sweeps;
            }
            int maxInFlight = ((Number) read(a, "fabric.health:type=SmpProbe", "MaxInFlightPerDestination")).intValue();
            assertThat(maxInFlight).as(a.name() + " MaxInFlightPerDestination").isBetween(1, 2);
        }
        double worst = 0;
        StringBuilder report = new StringBuilder("MADs per switch per sweep period, fleet of 3 (sum) vs one agent alone:");
        for (Map.Entry<String, Double> e : perPeriod.entrySet()) {
            double one = aloneMads.getOrDefault(e.getKey(), 0L) / aloneSweeps;
            double ratio = e.getValue() / one;
            worst = Math.max(worst, ratio);
            report.append(String.format("%n  %-10s fleet %7.1f  alone %7.1f  ratio %.3f", e.getKey(), e.getValue(), one, ratio));
        }
        report.append(String.format("%n  worst ratio %.3f over %d switches", worst, perPeriod.size()));
        System.out.println(report);
        assertThat(perPeriod).hasSize(FleetFixture.LEAVES + FleetFixture.SPINES);
        // A lone agent in steady state reads PortInfo and counters only. The fleet's members do the same for the
        // nodes they own, but its discovery owner also walks a tenth of the switches each sweep
        // (fleet.rediscoverEvery: 10), and every leaf it walks asks each spine its NodeInfo: about 2 of a spine's ~50
        // MADs a period. So leaves are held to 1.05 and spines to 1.10.
        for (Map.Entry<String, Double> e : perPeriod.entrySet()) {
            double ratio = e.getValue() / (aloneMads.getOrDefault(e.getKey(), 0L) / aloneSweeps);
            assertThat(ratio).as(e.getKey() + "\n" + report).isLessThanOrEqualTo(e.getKey().startsWith("spine") ? 1.10 : 1.05);
        }
    }

    /**
     * A fire-drill corruption on agent 1's ping-pong responder, found by agent 0's ping-pong: one Corruption alarm,
     * raised by agent 0, on all three agents; acknowledged on agent 2, it clears on all three.
     */
    @Test
    @Order(8)
    void aCorruptionFoundByOneAgentShowsOnAllAndAnAcknowledgementOnAnyClearsIt() throws Exception {
        FleetOnOneHost.Agent a = fleet.agent(0);
        FleetOnOneHost.Agent b = fleet.agent(1);
        FleetOnOneHost.Agent c = fleet.agent(2);
        exec(b, "fabric.health:type=PingPongResponder", "corruptNextPayloads", 1);
        exec(a, "fabric.health:type=Schedule,name=pingpong", "runNow");
        String[] fleetId = new String[1];
        for (FleetOnOneHost.Agent x : fleet.agents()) {
            Awaitility.await(x.name() + " shows the corruption").atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(500))
                    .untilAsserted(() -> {
                        List<Map<String, Object>> corruptions = activeAlarms(x).stream()
                                .filter(r -> r.get("kind").equals("Corruption")).toList();
                        assertThat(corruptions).as(x.name()).hasSize(1);
                        assertThat(corruptions.get(0).get("raisedBy")).isEqualTo(a.name());
                        String id = (String) corruptions.get(0).get("id");
                        fleetId[0] = id.contains("/") ? id : a.name() + "/" + id;
                    });
        }
        Map<String, Object> fleetView = readAll(c, FLEET);
        assertThat(rows(fleetView.get("PeerMatrix"))).anySatisfy(r -> {
            assertThat(r.get("from")).isEqualTo(a.name());
            assertThat(r.get("to")).isEqualTo(b.name());
            assertThat(((Number) r.get("corruptions")).longValue()).isPositive();
        });
        String said = (String) exec(c, ALARMS, "acknowledge", fleetId[0], "fleet-it");
        assertThat(said).contains("asked " + a.name());
        for (FleetOnOneHost.Agent x : fleet.agents()) {
            Awaitility.await(x.name() + " shows the corruption cleared").atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(500))
                    .until(() -> activeAlarms(x).stream().noneMatch(r -> r.get("kind").equals("Corruption")));
        }
    }

    /**
     * Issue 16's suspect links, on agent 0's ping-pong to agent 1 over the simulated fabric: a clean run shows its path
     * (ibtracert's lines, there and back) and names nothing; during a run with a fire-drill corruption, a
     * SymbolErrorCounter set on a switch port of the path makes the Corruption alarm name exactly that port's cable,
     * which the map draws suspect; the same with the counter set on a port off the path names no cable. The Fleet
     * MBean's SuspectLinks (from the peer matrix, where agent 0 -> agent 1 now fails) names only cables of that path,
     * or says why it names none.
     */
    @Test
    @Order(9)
    void aCorruptionAlarmNamesTheCableOnItsPathWhoseCounterMovedAndNoneOffIt() throws Exception {
        FleetOnOneHost.Agent a = fleet.agent(0);
        FleetOnOneHost.Agent b = fleet.agent(1);
        String peer = fleet.config(1).pingpong().listen().toString();
        runFabricPingPong(a, peer, 2);
        Map<String, Object> clean = pingPongOf(a, peer);
        List<String> path = strings(clean.get("Path"));
        int lidA = lidOf(a);
        int lidB = lidOf(b);
        List<String> thereAndBack = new ArrayList<>();
        for (int[] way : new int[][] {{lidA, lidB}, {lidB, lidA}}) {
            thereAndBack.addAll(fleet.fabric().tool(FleetFixture.spareHca(fleet), Duration.ofSeconds(30), "ibtracert",
                    Integer.toString(way[0]), Integer.toString(way[1])).stdout().lines().map(String::strip)
                    .filter(l -> !l.isEmpty()).toList());
        }
        assertThat(path).as("the run's Path, there and back").containsExactlyElementsOf(thereAndBack);
        assertThat(clean.get("PathHealth")).isEqualTo("OK");
        assertThat(strings(clean.get("SuspectLinks"))).isEmpty();

        // The first switch on the path, at the port it enters by (agent 0's cable); and a leaf port off the path.
        java.util.regex.Matcher hop = java.util.regex.Pattern.compile("^\\[\\d+\\] -> switch port \\{0x[0-9a-f]+\\}\\[(\\d+)\\] "
                + "lid \\d+-\\d+ \"(\\S+)\"$").matcher(path.stream().filter(l -> l.contains("-> switch port"))
                .findFirst().orElseThrow(() -> new AssertionError("no switch on the path:\n" + path)));
        assertThat(hop.matches()).isTrue();
        Map<String, Map<String, Object>> ports = bulk(a, "fabric.health:type=Port,*", "NodeDescription", "PortNumber",
                "NodeGuid", "SymbolErrorCounter", "RemoteGuid");
        Map<String, Object> on = portOf(ports, hop.group(2), Integer.parseInt(hop.group(1)));
        Set<String> onPath = new TreeSet<>();
        path.forEach(l -> onPath.add(l.replaceAll(".*\"(.*)\"$", "$1")));
        Map<String, Object> off = ports.values().stream().filter(p -> ((String) p.get("NodeDescription")).startsWith("leaf")
                && !onPath.contains((String) p.get("NodeDescription")) && p.get("RemoteGuid") instanceof String g
                && !g.equals("0x0000000000000000")).findFirst().orElseThrow();
        String onSubject = on.get("NodeGuid") + "/" + on.get("PortNumber");
        String offSubject = off.get("NodeGuid") + "/" + off.get("PortNumber");

        Map<String, Object> alarm = corruptedRun(a, b, peer, on, 57);
        String cable = (String) alarm.get("suspectLinks");
        assertThat(cable).as("the Corruption alarm's suspect links").contains(onSubject).doesNotContain(",");
        try (MapBrowser browser = MapBrowser.start(work.resolve("chromium-suspect"))) {
            browser.driver.get("http://127.0.0.1:" + a.httpPort() + "/");
            Awaitility.await("the named cable drawn suspect on " + a.name() + "'s map").atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(500)).untilAsserted(() -> assertThat(browser.js(
                            "const e = fabricMap.edgeFor(arguments[0], arguments[1]); return e && e.state;",
                            on.get("NodeDescription"), on.get("PortNumber"))).isEqualTo("suspect"));
            assertThat(browser.js("return fabricMap.cy().edges('[state=\"suspect\"]').length")).as("only that cable")
                    .isEqualTo(1L);
            browser.screenshot(Path.of("target", "map", "suspect.png"));
        }
        exec(a, ALARMS, "acknowledge", alarm.get("id"), "fleet-it");
        Map<String, Object> hit = pingPongOf(a, peer);
        assertThat(hit.get("PathHealth")).isEqualTo("WARN");
        assertThat(strings(hit.get("SuspectLinks"))).singleElement().asString().startsWith(cable + ": SymbolErrorCounter +57");
        @SuppressWarnings("unchecked")
        Map<String, Object> deltas = (Map<String, Object>) hit.get("PathCounterDeltas");
        assertThat(deltas).containsOnlyKeys(onSubject + " SymbolErrorCounter");
        System.out.println("suspect link named by the Corruption alarm: " + cable + " (" + on.get("NodeDescription")
                + "[" + on.get("PortNumber") + "] on the path " + lidA + " -> " + lidB + ")");

        // Thresholds are on the counter's value, as ibqueryerrors' are, so the port stays WARN until someone resets
        // it: put it back as perfquery -R would, and wait until the sweeps judge it OK again. The alarm above came
        // from the run's own read, not from a sweep: first wait until a sweep has seen the +57 (the port WARN), or
        // "OK" could be the sweep from before it, while the sweep that read 57 (before the restore) is still on its
        // way to agent 0's Port MBeans (refreshed every 2 s) and becomes the next run's "sweep before the run".
        long t0 = System.nanoTime();
        Awaitility.await(onSubject + " is WARN in the sweeps").atMost(PERIOD.multipliedBy(3))
                .pollInterval(Duration.ofMillis(500)).until(() -> "WARN".equals(healthOf(a, onSubject)));
        long sawWarn = System.nanoTime();
        restore(on);
        Awaitility.await(onSubject + " is OK again in the sweeps").atMost(PERIOD.multipliedBy(5))
                .pollInterval(Duration.ofSeconds(1)).until(() -> "OK".equals(healthOf(a, onSubject)));
        System.out.printf("%s: the sweeps showed it WARN after %d ms of waiting, OK %d ms after that and the restore%n",
                onSubject, (sawWarn - t0) / 1_000_000, (System.nanoTime() - sawWarn) / 1_000_000);
        Map<String, Object> offAlarm = corruptedRun(a, b, peer, off, 61);
        exec(a, ALARMS, "acknowledge", offAlarm.get("id"), "fleet-it");
        assertThat((String) offAlarm.get("suspectLinks")).as("a counter off the path (%s) names no cable", offSubject)
                .isEmpty();
        restore(off);

        // The fleet's view: agent 0 -> agent 1 is the one failing pair of the peer matrix. Its routes there and back
        // cross the same cables as agent 1 -> agent 0's, which passes, so whether a cable is left to name depends on
        // the routes; either way nothing off the failing pair's path may be named, and an empty finding says why.
        Awaitility.await("the Fleet MBean localizes agent 0 -> agent 1's failure to cables of its path, or says why not")
                .atMost(Duration.ofSeconds(40)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
                    List<Map<String, Object>> suspects = rows(read(fleet.agent(2), FLEET, "SuspectLinks"));
                    List<String> notes = strings(read(fleet.agent(2), FLEET, "LocalizationNotes"));
                    if (suspects.isEmpty()) {
                        assertThat(notes).anySatisfy(n -> assertThat(n).contains("no cable lies on all 1 failing routes"));
                        System.out.println("Fleet LocalizationNotes: " + notes);
                        return;
                    }
                    assertThat(suspects).allSatisfy(r -> {
                        assertThat((String) r.get("failing")).contains(a.name() + " -> " + b.name());
                        for (String end : ((String) r.get("link")).split(" <-> ")) {
                            assertThat(ports.values()).anySatisfy(p -> {
                                assertThat(p.get("NodeGuid") + "/" + p.get("PortNumber")).isEqualTo(end);
                                assertThat(onPath).contains((String) p.get("NodeDescription"));
                            });
                        }
                    });
                    System.out.println("Fleet SuspectLinks: " + suspects);
                });
    }

    /**
     * A 6 s ping-pong from {@code a} with a fire-drill corruption on {@code b}'s responder, and {@code port}'s
     * SymbolErrorCounter raised by {@code by} 2 s into it; returns the Corruption alarm's row, which the run amended at
     * its end (a corrupted run reads its path at once).
     */
    private static Map<String, Object> corruptedRun(FleetOnOneHost.Agent a, FleetOnOneHost.Agent b, String peer,
            Map<String, Object> port, int by) throws Exception {
        exec(b, "fabric.health:type=PingPongResponder", "corruptNextPayloads", 1);
        java.util.concurrent.CompletableFuture<Object> run = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return exec(a, "fabric.health:type=PingPongRunner", "run", peer, "fabric", 1024, 64, 1, 1, 6);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(2000);
        long now = ((Number) port.get("SymbolErrorCounter")).longValue();
        port.put("restore", now);
        setSymbolErrors(port, now + by);
        run.get(60, java.util.concurrent.TimeUnit.SECONDS);
        List<Map<String, Object>> active = activeAlarms(a);
        Map<String, Object> alarm = active.stream().filter(r -> r.get("kind").equals("Corruption")
                && ((String) r.get("details")).contains("path LID")).findFirst()
                .orElseThrow(() -> new AssertionError("no Corruption alarm with the path's evidence: " + active));
        System.out.println("Corruption alarm details: " + alarm.get("details"));
        return alarm;
    }

    /** Puts {@code port}'s SymbolErrorCounter back where {@link #corruptedRun} found it. */
    private static void restore(Map<String, Object> port) throws Exception {
        setSymbolErrors(port, ((Number) port.get("restore")).longValue());
    }

    private static void setSymbolErrors(Map<String, Object> port, long value) throws Exception {
        fleet.fabric().console("PerformanceSet \"" + port.get("NodeDescription") + "\"[" + port.get("PortNumber")
                + "] PortCounters.SymbolErrorCounter=" + value);
    }

    /** The Health of the Port MBean {@code subject} ({@code 0x<node GUID>/<port>}) on {@code a}, or null. */
    private static String healthOf(FleetOnOneHost.Agent a, String subject) throws Exception {
        return bulk(a, "fabric.health:type=Port,*", "NodeGuid", "PortNumber", "Health").values().stream()
                .filter(p -> subject.equals(p.get("NodeGuid") + "/" + p.get("PortNumber")))
                .map(p -> (String) p.get("Health")).findFirst().orElse(null);
    }

    private static Map<String, Object> pingPongOf(FleetOnOneHost.Agent a, String peer) throws Exception {
        return bulk(a, "fabric.health:type=PingPong,transport=fabric,*", "Peer", "Path", "PathHealth",
                "PathCounterDeltas", "SuspectLinks").values().stream().filter(p -> peer.equals(p.get("Peer")))
                .findFirst().orElseThrow(() -> new AssertionError("no fabric PingPong MBean for " + peer));
    }

    private static Map<String, Object> portOf(Map<String, Map<String, Object>> ports, String node, int number) {
        return ports.values().stream().filter(p -> node.equals(p.get("NodeDescription"))
                && ((Number) p.get("PortNumber")).intValue() == number).findFirst()
                .map(HashMap::new).orElseThrow(() -> new AssertionError("no Port MBean " + node + "[" + number + "]"));
    }

    @SuppressWarnings("unchecked")
    private static int lidOf(FleetOnOneHost.Agent a) throws Exception {
        return ((Number) ((Map<String, Object>) read(a, "fabric.health:type=Agent", "Fabric")).get("lid")).intValue();
    }

    private static void runFabricPingPong(FleetOnOneHost.Agent a, String peer, int seconds) throws Exception {
        exec(a, "fabric.health:type=PingPongRunner", "run", peer, "fabric", 1024, 64, 1, 1, seconds);
    }

    @SuppressWarnings("unchecked")
    private static List<String> strings(Object value) {
        return value == null ? List.of() : (List<String>) value;
    }

    /**
     * The map page of any agent shows the fleet: its three members, and the peer matrix as a heat map in which the
     * corrupted pair of the test before is marked, with no error in the browser's console.
     */
    @Test
    @Order(10)
    void theMapPageShowsTheMembersAndThePeerMatrixWithTheCorruptedPairMarked() throws Exception {
        FleetOnOneHost.Agent c = fleet.agent(2);
        try (MapBrowser browser = MapBrowser.start(work.resolve("chromium"))) {
            browser.driver.get("http://127.0.0.1:" + c.httpPort() + "/");
            Awaitility.await("the fleet on " + c.name() + "'s map page").atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
                        assertThat(browser.js("return document.querySelectorAll('#fleet table:not(.heat) tr').length"))
                                .as("a header row and three members").isEqualTo(4L);
                        assertThat(browser.js("return document.querySelectorAll('#fleet table.heat td.corrupt').length"))
                                .as("the corrupted pair").isEqualTo(1L);
                    });
            String corrupted = (String) browser.js("const td = document.querySelector('#fleet table.heat td.corrupt');"
                    + " return td.parentElement.firstChild.textContent + ' -> '"
                    + " + td.closest('table').rows[0].cells[td.cellIndex].textContent");
            assertThat(corrupted).isEqualTo(fleet.agent(0).name() + " -> " + fleet.agent(1).name());
            browser.screenshot(Path.of("target", "map", "fleet.png"));
            assertThat(browser.consoleErrors()).isEmpty();
        }
    }

    /** A real Prometheus scrapes the three agents: every fabric_health_infiniband_* series comes from one agent only. */
    @Test
    @Order(11)
    void prometheusScrapesAllThreeAndNoInfinibandSeriesAppearsTwice() throws Exception {
        List<String> targets = fleet.agents().stream().map(x -> "\"127.0.0.1:" + x.httpPort() + "\"").toList();
        try (PrometheusServer prometheus = PrometheusServer.start(work.resolve("prometheus"), targets)) {
            prometheus.await("query?query=" + PrometheusServer.enc("count(up{job=\"fabric-health\"} == 1)"),
                    b -> b.contains("\"value\":[") && b.contains(",\"3\"]"));
            String body = prometheus.await("series?match[]=" + PrometheusServer.enc("{__name__=~\"fabric_health_infiniband_.+\"}"),
                    b -> b.contains("fabric_health_infiniband_"));
            Map<String, Integer> seen = PrometheusServer.seriesWithout(body, "instance");
            List<String> twice = seen.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).toList();
            System.out.println("Prometheus holds " + seen.size() + " fabric_health_infiniband_* series from 3 agents; "
                    + twice.size() + " appear more than once");
            assertThat(twice).as("series scraped from more than one agent").isEmpty();
            assertThat(seen.keySet()).anyMatch(k -> k.startsWith("fabric_health_infiniband_"));
        }
    }

    @Test
    @Order(12)
    void whatTheFleetCosts() throws Exception {
        StringBuilder report = new StringBuilder("fleet of " + fleet.size() + " agents on a " + FleetFixture.PORTS
                + "-port fat tree: booted (fabric, then agents one after another) in " + boot.toSeconds() + " s; opensm's"
                + " SUBNET UP after " + fleet.fabric().opensm().subnetUpAfter().toMillis() + " ms");
        for (FleetOnOneHost.Agent a : fleet.agents()) {
            long rssKiB = Files.readAllLines(Path.of("/proc/" + a.pid() + "/status")).stream()
                    .filter(l -> l.startsWith("VmRSS:")).map(l -> l.replaceAll("\\D", "")).mapToLong(Long::parseLong)
                    .findFirst().orElseThrow();
            report.append("\n  ").append(a.name()).append(": boot ").append(a.bootTime().toMillis() / 1000.0)
                    .append(" s, RSS ").append(rssKiB / 1024).append(" MiB");
            assertThat(rssKiB).as(a.name() + " RSS").isPositive();
        }
        System.out.println(report);
    }

    /**
     * kill -9 of an agent in the middle of a sweep: within the failure-detection time plus one sweep period every
     * port is swept again by the survivors, the dead agent is gone from Members, its peers are redrawn and AgentLost
     * is raised. Restarted, it rejoins, gets nodes back, AgentLost clears and the movement is reported.
     */
    @Test
    @Order(13)
    void aKilledAgentsNodesAreSweptBySurvivorsAndItComesBack() throws Exception {
        FleetOnOneHost.Agent victim = fleet.agent(2);
        FleetOnOneHost.Agent oldest = fleet.agent(0);
        Duration detection = fleet.config(2).fleet().failureDetection();
        exec(victim, "fabric.health:type=Schedule,name=smp-sweep", "runNow");
        Thread.sleep(300); // into its sweep
        Instant killedAt = Instant.now();
        fleet.kill(2);
        assertThat(ProcessHandle.of(victim.pid())).isEmpty();
        long t0 = System.nanoTime();
        for (int i = 0; i < 2; i++) {
            FleetOnOneHost.Agent s = fleet.agent(i);
            Awaitility.await(s.name() + " sweeps every port again").atMost(detection.plus(PERIOD).plus(PERIOD))
                    .pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
                        List<Map<String, Object>> cabled = cabledPorts(s);
                        assertThat(cabled).hasSize(FleetFixture.PORTS);
                        assertThat(cabled).allSatisfy(p -> assertThat(Instant.parse((String) p.get("LastSweep")))
                                .isAfter(killedAt));
                        assertThat(cabled).noneMatch(p -> p.get("SweptBy").equals(victim.name()));
                    });
        }
        Duration fresh = Duration.ofNanos(System.nanoTime() - t0);
        System.out.println("after kill -9 of " + victim.name() + " mid-sweep, every port was swept again by the survivors in "
                + fresh.toMillis() + " ms (failure detection " + detection + ", sweep period " + PERIOD + ")");
        assertThat(fresh).as("failure detection plus one sweep period").isLessThanOrEqualTo(detection.plus(PERIOD));
        for (int i = 0; i < 2; i++) {
            FleetOnOneHost.Agent s = fleet.agent(i);
            Map<String, Object> f = readAll(s, FLEET);
            assertThat(rows(f.get("Members"))).extracting(m -> m.get("name")).doesNotContain(victim.name()).hasSize(2);
            assertThat((String) rows(List.of(f.get("LastRebalance"))).get(0).get("why")).doesNotContain(victim.name());
            String victimAddress = "127.0.0.1:" + fleet.config(2).pingpong().listen().port();
            assertThat(pingPongPeers(s)).as(s.name() + "'s drawn peers").isNotEmpty()
                    .noneMatch(p -> p.contains(victim.name()) || p.equals(victimAddress));
            Awaitility.await(s.name() + " shows AgentLost").atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(500))
                    .untilAsserted(() -> assertThat(activeAlarms(s)).anySatisfy(r -> {
                        assertThat(r.get("kind")).isEqualTo("AgentLost");
                        assertThat(r.get("subject")).isEqualTo(victim.name());
                        assertThat(r.get("raisedBy")).isEqualTo(oldest.name());
                    }));
        }

        FleetOnOneHost.Agent back = fleet.restart(2);
        assertThat(back.pid()).isNotEqualTo(victim.pid());
        Instant restartedAt = Instant.now();
        for (FleetOnOneHost.Agent a : fleet.agents()) {
            Awaitility.await(a.name() + " has " + back.name() + " back with nodes and no AgentLost").atMost(Duration.ofSeconds(90))
                    .pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
                        Map<String, Object> f = readAll(a, FLEET);
                        assertThat(rows(f.get("Members"))).hasSize(3);
                        assertThat(rows(f.get("NodesPerMember"))).anySatisfy(r -> {
                            assertThat(r.get("member")).isEqualTo(back.name());
                            assertThat(((Number) r.get("nodes")).intValue()).isPositive();
                        });
                        assertThat(activeAlarms(a)).noneMatch(r -> r.get("kind").equals("AgentLost"));
                    });
        }
        Map<String, Object> rebalance = rows(List.of(readAll(oldest, FLEET).get("LastRebalance"))).get(0);
        System.out.println("rejoin of " + back.name() + ": " + rebalance);
        assertThat(Instant.parse((String) rebalance.get("at"))).isAfter(restartedAt.minusSeconds(5));
        assertThat(((Number) rebalance.get("moved")).intValue()).isPositive();
    }

    // --- Jolokia ---

    @SuppressWarnings("unchecked")
    static Map<String, Object> readAll(FleetOnOneHost.Agent a, String mbean) throws Exception {
        Jolokia.Answer answer = new Jolokia(a.httpPort()).get("/read/" + mbean);
        assertThat(answer.status()).as(a.name() + " " + mbean + ": " + answer.body()).isEqualTo(200);
        return (Map<String, Object>) answer.value();
    }

    /** One MBean of a pattern bulk read, found by its attributes' values. */
    static Map<String, Object> readAll(FleetOnOneHost.Agent a, String pattern, Map<String, Object> like) throws Exception {
        Map<String, Map<String, Object>> all = bulk(a, pattern);
        return all.values().stream().filter(p -> p.get("NodeDescription").equals(like.get("NodeDescription"))
                && p.get("PortNumber").equals(like.get("PortNumber"))).findFirst().orElseThrow();
    }

    static Object read(FleetOnOneHost.Agent a, String mbean, String attribute) throws Exception {
        Jolokia.Answer answer = new Jolokia(a.httpPort()).get("/read/" + mbean + "/" + attribute);
        assertThat(answer.status()).as(a.name() + " " + mbean + "/" + attribute + ": " + answer.body()).isEqualTo(200);
        return answer.value();
    }

    @SuppressWarnings("unchecked")
    static Map<String, Map<String, Object>> bulk(FleetOnOneHost.Agent a, String pattern, String... attributes) throws Exception {
        String attrs = attributes.length == 0 ? "" : ",\"attribute\":[" + String.join(",",
                java.util.Arrays.stream(attributes).map(x -> "\"" + x + "\"").toList()) + "]";
        Jolokia.Answer answer = new Jolokia(a.httpPort()).post("{\"type\":\"read\",\"mbean\":\"" + pattern + "\"" + attrs + "}");
        assertThat(answer.status()).as(a.name() + " " + pattern + ": " + answer.body()).isEqualTo(200);
        return (Map<String, Map<String, Object>>) answer.value();
    }

    static Object exec(FleetOnOneHost.Agent a, String mbean, String operation, Object... args) throws Exception {
        StringBuilder json = new StringBuilder("{\"type\":\"exec\",\"mbean\":\"" + mbean + "\",\"operation\":\""
                + operation + "\",\"arguments\":[");
        for (int i = 0; i < args.length; i++) {
            json.append(i == 0 ? "" : ",").append(args[i] instanceof String t ? "\"" + t + "\"" : String.valueOf(args[i]));
        }
        Jolokia.Answer answer = new Jolokia(a.httpPort()).post(json.append("]}").toString());
        assertThat(answer.status()).as(a.name() + " " + mbean + " " + operation + ": " + answer.body()).isEqualTo(200);
        return answer.value();
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> rows(Object value) {
        return value == null ? List.of() : (List<Map<String, Object>>) value;
    }

    static List<Map<String, Object>> activeAlarms(FleetOnOneHost.Agent a) throws Exception {
        return rows(read(a, ALARMS, "ActiveAlarms"));
    }

    static List<Map<String, Object>> cabledPorts(FleetOnOneHost.Agent a) throws Exception {
        return bulk(a, "fabric.health:type=Port,*", "PortState", "RemoteGuid", "SweptBy", "LastSweep").values().stream()
                .filter(p -> p.get("RemoteGuid") instanceof String g && !g.isEmpty() && !g.equals("0x0000000000000000"))
                .toList();
    }

    /** This agent's MADs per switch (its own count on every Node MBean), by node description. */
    static Map<String, Long> madsPerSwitch(FleetOnOneHost.Agent a) throws Exception {
        Map<String, Long> out = new HashMap<>();
        for (Map<String, Object> n : bulk(a, "fabric.health:type=Node,*", "NodeType", "NodeDescription", "MadsSent").values()) {
            if ("Switch".equals(n.get("NodeType"))) {
                out.put((String) n.get("NodeDescription"), ((Number) n.get("MadsSent")).longValue());
            }
        }
        return out;
    }

    /** The names of the peers this agent's PingPong MBeans are about. */
    static Set<String> pingPongPeers(FleetOnOneHost.Agent a) throws Exception {
        Set<String> out = new TreeSet<>();
        bulk(a, "fabric.health:type=PingPong,*", "Peer").values().forEach(p -> out.add(String.valueOf(p.get("Peer"))));
        return out;
    }

    static long perfqueryValue(String perfquery, String counter) {
        return perfquery.lines().filter(l -> l.startsWith(counter + ":"))
                .map(l -> Long.parseLong(l.replaceAll("[^0-9]", ""))).findFirst()
                .orElseThrow(() -> new AssertionError("perfquery printed no " + counter + ":\n" + perfquery));
    }

    private static String lastGridState(Path log) throws java.io.IOException {
        String text = Files.readString(log);
        int at = text.lastIndexOf("Payara Data Grid State");
        return at < 0 ? "" : text.substring(at, text.indexOf('\n', at));
    }
}
