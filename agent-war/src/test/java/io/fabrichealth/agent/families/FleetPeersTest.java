package io.fabrichealth.agent.families;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.config.ByteSize;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.PeerConfig;
import io.fabrichealth.config.PingPongConfig;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.config.ScheduleConfig;
import io.fabrichealth.config.Transport;
import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.bursts.BurstMBeans;
import io.fabrichealth.mbeans.pingpong.PingPongMBeans;
import io.fabrichealth.probes.PeerSource;
import io.fabrichealth.probes.Probe;
import io.fabrichealth.probes.ProbeResult;
import io.fabrichealth.probes.bursts.BurstService;
import io.fabrichealth.probes.pingpong.PeerRun;
import io.fabrichealth.probes.pingpong.PingPongListener;
import io.fabrichealth.probes.pingpong.PingPongProbe;
import io.fabrichealth.probes.pingpong.PingPongService;
import io.fabrichealth.probes.pingpong.fabric.FabricPlane;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.management.MBeanServerFactory;
import org.junit.jupiter.api.Test;

/**
 * Peers drawn by the fleet next to static ones: how schedules resolve them, and the per-peer MBeans that follow
 * the drawn set, with a real ping-pong responder on libfabric tcp over loopback.
 */
class FleetPeersTest {

    /** A fleet's drawn set as the grid would hand it over: replaced whole, listeners told after. */
    private static final class Drawn implements PeerSource {
        private volatile List<PeerConfig> peers;
        private final List<Consumer<List<PeerConfig>>> listeners = new CopyOnWriteArrayList<>();

        Drawn(PeerConfig... peers) {
            this.peers = List.of(peers);
        }

        void draw(PeerConfig... next) {
            peers = List.of(next);
            listeners.forEach(l -> l.accept(peers));
        }

        @Override
        public List<PeerConfig> peers() {
            return peers;
        }

        @Override
        public void addListener(Consumer<List<PeerConfig>> listener) {
            listeners.add(listener);
        }
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static PeerConfig peer(String name, int burst, int pingpong) {
        return new PeerConfig(name, new HostPort("127.0.0.1", burst), new HostPort("127.0.0.1", pingpong));
    }

    private static ScheduleConfig schedule(String name, ProbeFamily probe, String... targets) {
        return new ScheduleConfig(name, probe, Duration.ofMinutes(1), null, ScheduleConfig.DEFAULTS.jitter(),
                List.of(targets), true);
    }

    private static FabricHealthConfig config(PingPongConfig pingpong, List<PeerConfig> peers,
            ScheduleConfig... schedules) {
        FabricHealthConfig d = FabricHealthConfig.DEFAULTS;
        return new FabricHealthConfig(d.source(), d.agent(), d.http(), d.jmx(), d.fabric(), d.simulation(), d.smp(),
                peers, d.bursts(), pingpong, List.of(schedules), d.budget(), d.alarms(), d.fleet(), d.local());
    }

    private static PingPongConfig pingpong(Duration duration) {
        return new PingPongConfig(new HostPort("127.0.0.1", freePort()), List.of(Transport.FABRIC), ByteSize.ofKiB(1),
                ByteSize.ofBytes(64), 1, 1, duration);
    }

    @Test
    void withoutAFleetEveryScheduleResolvesExactlyAsInWaveOne() {
        PingPongConfig pp = PingPongConfig.DEFAULTS;
        List<FabricHealthConfig> configs = List.of(
                config(pp, List.of(), schedule("all", ProbeFamily.PINGPONG), schedule("b", ProbeFamily.BURSTS, "self")),
                config(pp, List.of(peer("host-b", 7470, 7472), peer("host-c", 7471, 7473)),
                        schedule("all", ProbeFamily.PINGPONG), schedule("some", ProbeFamily.BURSTS, "host-c", "self"),
                        schedule("sweep", ProbeFamily.SMP_SWEEP)));
        AgentProbes probes = new AgentProbes();
        for (FabricHealthConfig c : configs) {
            for (ScheduleConfig s : c.schedules()) {
                assertThat(probes.targetsOf(s, c)).extracting(AgentProbes.Target::peer)
                        .as(s.name()).containsExactlyElementsOf(c.targetsOf(s));
            }
            for (ProbeFamily f : ProbeFamily.values()) {
                assertThat(probes.peersOf(f, c)).as(f.name()).containsExactlyElementsOf(c.peersOf(f));
            }
        }
    }

    @Test
    void schedulesAimAtStaticPlusDrawnPeersAndSkipANamedPeerNotDrawn() {
        PeerConfig staticB = peer("host-b", 7470, 7472);
        Drawn drawn = new Drawn(peer("host-b", 9000, 9002), peer("host-c", 9100, 9102), peer("self", 1, 2));
        FabricHealthConfig c = config(PingPongConfig.DEFAULTS, List.of(staticB), schedule("all", ProbeFamily.PINGPONG),
                schedule("named", ProbeFamily.BURSTS, "host-c", "host-z"));
        AgentProbes probes = new AgentProbes(drawn);

        assertThat(probes.targetsOf(c.schedules().get(0), c)).extracting(AgentProbes.Target::peer)
                .as("a static peer wins over a drawn one of the same name; a drawn 'self' is ignored")
                .containsExactly(staticB, peer("host-c", 9100, 9102));
        assertThat(probes.targetsOf(c.schedules().get(1), c)).containsExactly(
                new AgentProbes.Target("host-c", peer("host-c", 9100, 9102)), new AgentProbes.Target("host-z", null));

        probes.perPeer(ProbeFamily.BURSTS, (p, cfg) -> new BurstProbeStandIn(p.name()));
        ProbeResult r = probes.probeFor(c.schedules().get(1), c).execute();
        assertThat(r.status()).as(r.summary()).isEqualTo(ProbeResult.Status.PASS);
        assertThat(r.summary()).contains("schedule named names peer host-z, which is neither in peers: nor drawn by "
                + "the fleet now; skipped");

        drawn.draw();
        assertThat(probes.targetsOf(c.schedules().get(0), c)).extracting(AgentProbes.Target::peer)
                .containsExactly(staticB);
        FabricHealthConfig alone = config(PingPongConfig.DEFAULTS, List.of(), schedule("all", ProbeFamily.PINGPONG));
        assertThat(probes.targetsOf(alone.schedules().get(0), alone)).extracting(AgentProbes.Target::name)
                .as("self only when there are neither static nor drawn peers").containsExactly("self");
        drawn.draw(peer("host-d", 9200, 9202));
        assertThat(probes.targetsOf(alone.schedules().get(0), alone)).extracting(AgentProbes.Target::name)
                .containsExactly("host-d");
    }

    /** Stands in for the burst family's probe, so this test looks at what the catalog aims at, not at bursts. */
    private record BurstProbeStandIn(String peer) implements Probe {
        @Override
        public ProbeFamily family() {
            return ProbeFamily.BURSTS;
        }

        @Override
        public ProbeResult check() {
            return ProbeResult.pass(peer + " reached", java.time.Instant.now(), Duration.ZERO);
        }
    }

    @Test
    void drawnPeersMBeansFollowTheDrawnSetAndStaticOnesStay() {
        PingPongConfig pp = pingpong(Duration.ofMillis(200));
        PeerConfig staticB = peer("host-b", 7470, 7472);
        Drawn drawn = new Drawn(peer("host-c", 9100, 9102));
        FabricHealthConfig c = config(pp, List.of(staticB), schedule("pp", ProbeFamily.PINGPONG),
                schedule("bursts", ProbeFamily.BURSTS));
        AgentProbes probes = new AgentProbes(drawn);
        try (MBeanRegistry registry = new MBeanRegistry(MBeanServerFactory.newMBeanServer());
                PingPongService pingpongs = new PingPongService(pp, Map.of(Transport.FABRIC,
                        new FabricPlane("tcp", EndpointType.MSG)), AlarmSink.NONE);
                BurstService bursts = new BurstService(c.bursts(), AlarmSink.NONE)) {
            PingPongMBeans ppBeans = new PingPongMBeans(registry, pingpongs, null);
            BurstMBeans burstBeans = new BurstMBeans(registry, bursts);
            new PeerBeans(ProbeFamily.PINGPONG, probes, c, (p, cfg) -> p.pingpongAddress(cfg.pingpong().listen()),
                    ppBeans::addPeer, ppBeans::removePeer);
            new PeerBeans(ProbeFamily.BURSTS, probes, c, (p, cfg) -> p.address(), burstBeans::addPeer,
                    burstBeans::removePeer);

            assertThat(peersShown(registry)).containsExactlyInAnyOrder("pp 127.0.0.1:7472", "pp 127.0.0.1:9102",
                    "burst 127.0.0.1:7470", "burst 127.0.0.1:9100");
            drawn.draw(peer("host-d", 9200, 9202));
            assertThat(peersShown(registry)).containsExactlyInAnyOrder("pp 127.0.0.1:7472", "pp 127.0.0.1:9202",
                    "burst 127.0.0.1:7470", "burst 127.0.0.1:9200");
            drawn.draw();
            assertThat(peersShown(registry)).containsExactlyInAnyOrder("pp 127.0.0.1:7472", "burst 127.0.0.1:7470");
        }
    }

    @Test
    void aPeerDroppedWhileItsRunIsGoingDoesNotComeBackWhenTheRunEnds() throws Exception {
        PingPongConfig pp = pingpong(Duration.ofMillis(1500));
        PeerConfig responder = new PeerConfig("host-r", new HostPort("127.0.0.1", 1), pp.listen());
        Drawn drawn = new Drawn(responder);
        // Named, so that with the peer dropped the schedule does not fall back to self (the same responder here).
        FabricHealthConfig c = config(pp, List.of(), schedule("pp", ProbeFamily.PINGPONG, "host-r"));
        AgentProbes probes = new AgentProbes(drawn);
        try (MBeanRegistry registry = new MBeanRegistry(MBeanServerFactory.newMBeanServer());
                PingPongService pingpongs = new PingPongService(pp, Map.of(Transport.FABRIC,
                        new FabricPlane("tcp", EndpointType.MSG)), AlarmSink.NONE)) {
            pingpongs.startResponder();
            pingpongs.addListener(probes.pingPongListeners()); // as PingPongWiring does
            List<PeerRun> matrix = new CopyOnWriteArrayList<>();
            probes.addPingPongListener(new PingPongListener() {
                @Override
                public void onPeer(PeerRun row) {
                    matrix.add(row);
                }
            });
            PingPongMBeans ppBeans = new PingPongMBeans(registry, pingpongs, null);
            new PeerBeans(ProbeFamily.PINGPONG, probes, c, (p, cfg) -> p.pingpongAddress(cfg.pingpong().listen()),
                    ppBeans::addPeer, ppBeans::removePeer);
            probes.perPeer(ProbeFamily.PINGPONG, (p, cfg) -> new PingPongProbe(pingpongs, p.name(),
                    p.pingpongAddress(cfg.pingpong().listen())));
            assertThat(peersShown(registry)).containsExactly("pp " + pp.listen());

            Probe probe = probes.probeFor(c.schedules().get(0), c);
            CompletableFuture<ProbeResult> run = CompletableFuture.supplyAsync(probe::execute);
            Thread.sleep(300); // inside the 1.5 s run
            assertThat(run).isNotDone();
            drawn.draw();
            assertThat(peersShown(registry)).isEmpty();

            ProbeResult r = run.get(30, TimeUnit.SECONDS);
            assertThat(r.status()).as(r.summary()).isEqualTo(ProbeResult.Status.PASS);
            assertThat(peersShown(registry)).as("the finished run did not register the dropped peer again").isEmpty();
            assertThat(matrix).as("the peer matrix hears of the run, by the peer's name").singleElement()
                    .satisfies(row -> {
                        assertThat(row.peer()).isEqualTo("host-r");
                        assertThat(row.status()).isEqualTo(ProbeResult.Status.PASS);
                        assertThat(row.rttP50Micros()).isPositive();
                        assertThat(row.corruptions()).isZero();
                    });

            drawn.draw(responder);
            assertThat(peersShown(registry)).as("drawn again").containsExactly("pp " + pp.listen());
        }
    }

    /** "pp ADDRESS" per PingPong MBean and "burst ADDRESS" per BurstSuite MBean. */
    private static List<String> peersShown(MBeanRegistry registry) {
        return registry.names().stream()
                .filter(n -> n.getKeyProperty("type").equals("PingPong") || n.getKeyProperty("type").equals("BurstSuite")
                        || n.getKeyProperty("type").equals("Burst"))
                .map(n -> (n.getKeyProperty("type").equals("PingPong") ? "pp " : "burst ")
                        + n.getKeyProperty("peer").replace("\"", ""))
                .toList();
    }
}
