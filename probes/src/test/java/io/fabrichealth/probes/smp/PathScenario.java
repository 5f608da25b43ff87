package io.fabrichealth.probes.smp;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.alarms.Alarm;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.PortGuid;
import io.fabrichealth.config.SmpConfig;
import io.fabrichealth.probes.smp.health.Verdict;
import io.fabrichealth.probes.smp.route.PathEvidence;
import io.fabrichealth.probes.smp.route.PathWatch;
import io.fabrichealth.probes.smp.route.Route;
import io.fabrichealth.probes.smp.route.Routes;
import io.fabrichealth.probes.smp.route.SuspectLinks;
import java.util.List;
import java.util.Map;

/**
 * In the child JVM, on the bundled fabric from node01: a failed run's path bracket ({@link RunPaths}) reads the path at
 * once and names exactly the cable whose port's SymbolErrorCounter was set during the "run", not a cable off the
 * path; a quiet run names none; a clean run compares the sweeps' own counters, so it names the cable once a sweep has
 * seen it; the degraded cable to node04 is named without any counter moving; and a switch whose LinearForwardingTable
 * blocks time out leaves the path unknown with the reason, while the next trace, with the switch answering again,
 * works.
 */
public final class PathScenario {
    private static final HostPort NODE03 = HostPort.parse("192.0.2.3:7472");
    private static final HostPort NODE04 = HostPort.parse("192.0.2.4:7472");
    private static final HostPort STRANGER = HostPort.parse("192.0.2.9:7472");

    public static void main(String[] args) throws Exception {
        try (SmpSweepProbe probe = Sweeps.probe(SmpConfig.DEFAULTS, new Sweeps.Recorded())) {
            SmpSnapshot s = Sweeps.sweep(probe);
            PortSnapshot own = Sweeps.port(s, "node01", 1);
            Map<HostPort, PortGuid> guids = Map.of(NODE03, new PortGuid(Sweeps.port(s, "node03", 1).portGuid()),
                    NODE04, new PortGuid(Sweeps.port(s, "node04", 1).portGuid()));
            RunPaths paths = new RunPaths(probe, own::lid, guids::get);

            // Quiet: the routes there and back are ibtracert's, each cable once, nothing suspect.
            PathEvidence quiet = paths.before(NODE03).after(false);
            int node03Lid = Sweeps.port(s, "node03", 1).lid();
            List<String> tracert = new java.util.ArrayList<>(ibtracert(own.lid(), node03Lid));
            tracert.addAll(ibtracert(node03Lid, own.lid()));
            assertThat(quiet.lines()).containsExactlyElementsOf(tracert);
            java.util.Set<String> cables = new java.util.TreeSet<>(SuspectLinks.cables(quiet.routes().get(0)));
            cables.addAll(SuspectLinks.cables(quiet.routes().get(1)));
            assertThat(cables).hasSizeGreaterThanOrEqualTo(3);
            assertThat(quiet.ends()).hasSize(2 * cables.size());
            assertThat(quiet.suspects()).isEmpty();
            assertThat(quiet.health()).isEqualTo(Verdict.OK);
            assertThat(quiet.text()).contains("and back, " + cables.size() + " cables").contains("no error counter moved");
            System.out.println("quietText=" + quiet.text().replace(' ', '_'));

            // On the path: leaf-b[1], node03's cable. Off it: leaf-a[2], node02's cable.
            String onPath = Sweeps.port(s, "leaf-b", 1).subject();
            String onPathPeer = Sweeps.port(s, "node03", 1).subject();
            String offPath = Sweeps.port(s, "leaf-a", 2).subject();
            String cable = onPath.compareTo(onPathPeer) <= 0 ? onPath + " <-> " + onPathPeer
                    : onPathPeer + " <-> " + onPath;

            // A failed run whose counter moved only off the path: its read at once names nothing.
            PathWatch.Bracket offRun = paths.before(NODE03);
            Sim.console("PerformanceSet \"leaf-a\"[2] PortCounters.SymbolErrorCounter=99");
            PathEvidence off = offRun.after(true);
            assertThat(off.suspects()).as(off.text()).isEmpty();
            assertThat(off.problem()).as("every end read at the run's end").isEmpty();
            assertThat(alarmWith(off).suspectLinks()).isEmpty();

            // A failed run: the path is read at once, and exactly the cable whose counter moved is named.
            PathWatch.Bracket run = paths.before(NODE03);
            Sim.console("PerformanceSet \"leaf-b\"[1] PortCounters.SymbolErrorCounter=37");
            Sim.console("PerformanceSet \"leaf-a\"[2] PortCounters.SymbolErrorCounter=141");
            PathEvidence hit = run.after(true);
            assertThat(hit.suspects()).as(hit.text()).hasSize(1);
            assertThat(hit.suspects().get(0)).startsWith(cable + ": SymbolErrorCounter +37 on " + onPath);
            assertThat(hit.counterDeltas()).containsExactly(Map.entry(onPath + " SymbolErrorCounter", 37L));
            assertThat(hit.health()).isEqualTo(Verdict.WARN);
            assertThat(hit.text()).doesNotContain(offPath);
            assertThat(alarmWith(hit).suspectLinks()).containsExactly(cable);
            System.out.println("suspect=" + hit.suspects().get(0).replace(' ', '_'));

            // The degraded cable to node04 is suspect without any counter moving.
            PathEvidence degraded = paths.before(NODE04).after(false);
            assertThat(degraded.counterDeltas()).isEmpty();
            assertThat(degraded.suspects()).hasSize(1);
            assertThat(degraded.suspects().get(0)).contains(Sweeps.port(s, "node04", 1).subject()).contains("WARN");

            // A clean run reads nothing itself: until a sweep comes, it has nothing to compare (the counter above
            // moved, unseen); once one has, the sweeps' own counters name the cable and its verdict.
            PathWatch.Bracket clean = paths.before(NODE03);
            assertThat(clean.after(false).suspects()).as("no sweep since the run began").isEmpty();
            Sweeps.sweep(probe);
            PathEvidence swept = clean.after(false);
            assertThat(swept.counterDeltas()).containsExactly(Map.entry(onPath + " SymbolErrorCounter", 37L));
            assertThat(swept.suspects()).singleElement().asString().startsWith(cable + ": SymbolErrorCounter +37 on "
                    + onPath).contains("ErrorThreshold: SymbolErrorCounter 37 > 10");

            // A peer whose port GUID is not known: the path is unknown and says what to do.
            PathEvidence unknown = paths.before(STRANGER).after(true);
            assertThat(unknown.known()).isFalse();
            assertThat(unknown.text()).contains("give that peer's guid in peers");

            lftTimeout(s, own, guids.get(NODE03).value());
            System.out.println("paths=ok");
        }
    }

    /**
     * Bad input: leaf-a drops every LinearForwardingTable MAD (attribute 0x19). A fresh probe's trace stops at leaf-a
     * with the reason, the run's path is unknown, and nothing else breaks; once leaf-a answers, the next trace works.
     */
    private static void lftTimeout(SmpSnapshot s, PortSnapshot own, long node03) throws Exception {
        SmpConfig quick = SmpConfig.DEFAULTS;
        try (SmpSweepProbe fresh = Sweeps.probe(quick, new Sweeps.Recorded())) {
            Sweeps.sweep(fresh);
            Sim.console("Error \"leaf-a\" 100 25");
            try {
                int node03Lid = Sweeps.port(s, "node03", 1).lid();
                Route cut = fresh.traceRoutes(List.of(new Routes.LidPair(own.lid(), node03Lid))).get(0);
                assertThat(cut.complete()).isFalse();
                assertThat(cut.problem()).contains("LinearForwardingTable block 0 of switch \"leaf-a\"")
                        .contains("TIMEOUT").contains("smpquery switchinfo");
                RunPaths paths = new RunPaths(fresh, own::lid, peer -> new PortGuid(node03));
                PathEvidence evidence = paths.before(NODE03).after(true);
                assertThat(evidence.health()).isNull();
                assertThat(evidence.text()).startsWith("path not known: LinearForwardingTable block 0");
                assertThat(evidence.lines()).contains(cut.problem());
                System.out.println("lftTimeout=" + cut.problem().replace(' ', '_'));
                assertThat(Sweeps.sweep(fresh).ports()).as("the sweep goes on").isNotEmpty();
            } finally {
                Sim.console("Error \"leaf-a\" 0 25");
            }
            Route whole = fresh.traceRoutes(List.of(new Routes.LidPair(own.lid(),
                    Sweeps.port(s, "node03", 1).lid()))).get(0);
            assertThat(whole.problem()).as("leaf-a answers again").isEmpty();
        }
    }

    private static List<String> ibtracert(int from, int to) throws Exception {
        return Sim.tool("ibtracert", Integer.toString(from), Integer.toString(to)).lines().map(String::strip)
                .filter(l -> !l.isEmpty()).toList();
    }

    /** A Corruption alarm whose details end with the path's evidence, as a run amends it. */
    private static Alarm alarmWith(PathEvidence e) {
        return new Alarm("1", io.fabrichealth.config.AlarmKind.Corruption, io.fabrichealth.config.Severity.CRITICAL,
                "pingpong fabric 192.0.2.3:7472", java.time.Instant.EPOCH, java.time.Instant.EPOCH, 1,
                "payload mismatch at offset 12; " + e.text(), false, "", null, null);
    }
}
