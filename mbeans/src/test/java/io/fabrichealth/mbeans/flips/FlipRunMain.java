package io.fabrichealth.mbeans.flips;

import io.fabrichealth.config.AlarmsConfig;
import io.fabrichealth.config.BurstPhase;
import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.BurstSuite;
import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.config.ByteSize;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.PingPongConfig;
import io.fabrichealth.config.Transport;
import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.ObjectNames;
import io.fabrichealth.alarms.AlarmBook;
import io.fabrichealth.mbeans.alarms.Alarms;
import io.fabrichealth.mbeans.alarms.AlarmsMXBean;
import io.fabrichealth.mbeans.bursts.BurstMBeans;
import io.fabrichealth.mbeans.pingpong.PingPongMBeans;
import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.probes.bursts.BurstService;
import io.fabrichealth.probes.pingpong.PingPongService;
import io.fabrichealth.probes.pingpong.Terms;
import io.fabrichealth.probes.pingpong.fabric.FabricPlane;
import io.fabrichealth.testbed.flip.BitFlips;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;

/**
 * Runs in a JVM started with the bit-flip injector preloaded: an agent's burst services (tcp MSG and tcp;ofi_rxm
 * RDM, each its own target and initiator, plus a target that refuses everything) and its ping-pong service
 * (fabric transport, tcp MSG), with their MBeans and the alarm model. For each flip it arms one bit in one kind of
 * message, runs the probe that receives it, and classifies what the MBeans show: {@code caught} (a Corruption
 * alarm), {@code failed} (the run failed and named why) or {@code silent} (neither). Prints one FLIP line per flip
 * and a TOTAL line per message type. Arguments: flips per message type, random seed.
 */
public final class FlipRunMain {
    private static final int REQUEST = 1024;
    private static final int ACK = 256;
    private static final ObjectName ALARMS = ObjectNames.parse(AlarmsMXBean.OBJECT_NAME);

    private final SplittableRandom random;
    private final BitFlips flips;
    private final MBeanServer alarmServer;
    private final Map<String, int[]> totals = new TreeMap<>();

    private FlipRunMain(SplittableRandom random, BitFlips flips, MBeanServer alarmServer) {
        this.random = random;
        this.flips = flips;
        this.alarmServer = alarmServer;
    }

    /** One agent's burst service with its own MBeans (each agent has one BurstTarget MBean). */
    private record BurstAgent(String protocol, BurstService service, HostPort self, HostPort refusing,
            MBeanServer server) {
    }

    public static void main(String[] args) throws Exception {
        int perType = Integer.parseInt(args[0]);
        SplittableRandom random = new SplittableRandom(Long.parseLong(args[1]));
        MBeanServer alarmServer = MBeanServerFactory.newMBeanServer();
        AlarmBook book = AlarmBook.inMemory(AlarmsConfig.DEFAULTS, Clock.systemUTC());
        AlarmSink sink = book.sink();
        HostPort ppListen = local(freePort());
        PingPongConfig ppConfig = new PingPongConfig(ppListen, List.of(Transport.FABRIC), ByteSize.ofBytes(REQUEST),
                ByteSize.ofBytes(ACK), 2, 1, Duration.ofSeconds(2), 200);
        List<AutoCloseable> open = new ArrayList<>();
        try (BitFlips control = BitFlips.ofThisProcess();
                MBeanRegistry alarmRegistry = new MBeanRegistry(alarmServer);
                Alarms alarms = new Alarms(book);
                PingPongService pp = new PingPongService(ppConfig,
                        Map.of(Transport.FABRIC, new FabricPlane("tcp", EndpointType.MSG)), sink)) {
            alarmRegistry.register(ALARMS, alarms, AlarmsMXBean.class);
            MBeanServer ppServer = MBeanServerFactory.newMBeanServer();
            MBeanRegistry ppRegistry = new MBeanRegistry(ppServer);
            open.add(ppRegistry);
            new PingPongMBeans(ppRegistry, pp, book).addPeer(ppListen);
            pp.startResponder();
            List<BurstAgent> agents = new ArrayList<>();
            for (EndpointType endpoint : List.of(EndpointType.MSG, EndpointType.RDM)) {
                String provider = endpoint == EndpointType.MSG ? "tcp" : "tcp;ofi_rxm";
                BurstService service = new BurstService(bursts(provider, endpoint, 64), sink);
                BurstService refusing = new BurstService(bursts(provider, endpoint, 0), sink);
                open.add(service);
                open.add(refusing);
                service.startTarget();
                refusing.startTarget();
                MBeanServer server = MBeanServerFactory.newMBeanServer();
                MBeanRegistry registry = new MBeanRegistry(server);
                open.add(registry);
                BurstMBeans beans = new BurstMBeans(registry, service);
                beans.addPeer(service.config().listen());
                beans.addPeer(refusing.config().listen());
                agents.add(new BurstAgent("bursts " + provider + " " + endpoint, service, service.config().listen(),
                        refusing.config().listen(), server));
            }
            FlipRunMain run = new FlipRunMain(random, control, alarmServer);
            run.cleanRuns(agents, pp, ppServer, ppListen);
            List<Runnable> steps = new ArrayList<>();
            for (BurstAgent a : agents) {
                for (FlipTarget t : burstTargets(a.protocol())) {
                    steps.add(() -> run.flipBurst(a, t));
                }
            }
            for (FlipTarget t : pingPongTargets()) {
                steps.add(() -> run.flipPingPong(pp, ppServer, ppListen, t));
            }
            for (int round = 0; round < perType; round++) {
                for (Runnable step : steps) {
                    step.run();
                }
            }
            run.totals.forEach((k, v) -> System.out.println("TOTAL " + k + " flips=" + v[0] + " caught=" + v[1]
                    + " failed=" + v[2] + " silent=" + v[3] + " missed=" + v[4]));
        } finally {
            for (AutoCloseable c : open) {
                c.close();
            }
        }
        System.exit(0);
    }

    private static List<FlipTarget> burstTargets(String protocol) {
        return List.of(FlipTarget.burst(protocol, "HELLO", 1, 1), FlipTarget.burst(protocol, "WELCOME", 2, 1),
                FlipTarget.burst(protocol, "REFUSED", 3, 1), FlipTarget.burst(protocol, "CREDIT", 4, 8),
                FlipTarget.burst(protocol, "NOTE", 5, 8), FlipTarget.burst(protocol, "FILL", 6, 8),
                FlipTarget.burst(protocol, "FILLED", 7, 8), FlipTarget.burst(protocol, "BYE", 8, 1),
                FlipTarget.burst(protocol, "BYE_ACK", 9, 1), FlipTarget.payload(protocol, "payload (put)", 16 << 10, 4),
                FlipTarget.payload(protocol, "payload (get)", 16 << 10, 4));
    }

    private static List<FlipTarget> pingPongTargets() {
        return List.of(FlipTarget.pingPong("REQUEST", 1, REQUEST, 50), FlipTarget.pingPong("ACK", 2, ACK, 50),
                FlipTarget.control("HELLO", 1, 40), FlipTarget.control("WELCOME", 2, 40),
                FlipTarget.control("REFUSED", 3, 40), FlipTarget.control("DONE", 4, 26),
                FlipTarget.control("RESULT", 5, 40));
    }

    /** Before any flip: every probe passes and raises nothing, or the classification would mean nothing. */
    private void cleanRuns(List<BurstAgent> agents, PingPongService pp, MBeanServer ppServer, HostPort ppListen)
            throws Exception {
        for (BurstAgent a : agents) {
            for (BurstPhase phase : BurstPhase.values()) {
                String r = a.service().runSet(a.self(), phase, BurstSet.DEFAULT).outcome().text();
                System.out.println("CLEAN " + a.protocol() + " " + phase.text() + " default " + r);
            }
            System.out.println("CLEAN " + a.protocol() + " refusing " + a.service().runSet(a.refusing(), BurstPhase.PUT,
                    BurstSet.DEFAULT).outcome().text());
        }
        System.out.println("CLEAN pingpong " + pp.run(Transport.FABRIC, ppListen).outcome().text());
        System.out.println("CLEAN alarms " + activeCorruptions().size());
    }

    private void flipBurst(BurstAgent a, FlipTarget t) {
        boolean refused = t.type().equals("REFUSED");
        boolean get = t.type().startsWith("FILL") || t.type().equals("payload (get)");
        HostPort peer = refused ? a.refusing() : a.self();
        BurstPhase phase = get ? BurstPhase.GET : BurstPhase.PUT;
        ObjectName name = ObjectNames.of("Burst", "peer", peer.toString(), "phase", phase.text(), "set", "default");
        flip(t, () -> a.service().runSet(peer, phase, BurstSet.DEFAULT), a.server(), name);
    }

    private void flipPingPong(PingPongService pp, MBeanServer server, HostPort self, FlipTarget t) {
        Runnable run = t.type().equals("REFUSED")
                // Terms the responder must refuse (depth above Terms.MAX_DEPTH): its REFUSED is what is flipped.
                ? () -> pp.run(Transport.FABRIC, self, new Terms(Transport.FABRIC, random.nextInt(), self.toString(),
                        REQUEST, ACK, Terms.MAX_DEPTH + 1, 1, Duration.ofSeconds(1)))
                : () -> pp.run(Transport.FABRIC, self);
        flip(t, run, server, PingPongMBeans.name(Transport.FABRIC, self.toString()));
    }

    /** Arms one flip, runs, and classifies from the MBeans; a run the flip did not reach is counted as missed. */
    private void flip(FlipTarget t, Runnable run, MBeanServer server, ObjectName result) {
        int[] total = totals.computeIfAbsent(t.key(), k -> new int[5]);
        try {
            alarmServer.invoke(ALARMS, "acknowledgeAll", new Object[] {"Corruption", "bit-flip test"},
                    new String[] {String.class.getName(), String.class.getName()});
            long before = flips.flips();
            int bit = random.nextInt(8);
            long skip = random.nextInt(t.repeats());
            int offset;
            if (t.pattern() != null) {
                offset = random.nextInt(t.span());
                flips.armPattern(t.pattern(), offset, bit, skip, 0);
            } else {
                offset = -1;
                flips.armSize(t.minLength(), 0, -1, bit, skip, 0);
            }
            run.run();
            flips.disarm();
            if (!flips.flippedSince(before)) {
                total[4]++;
                System.out.println("MISSED " + t.key() + " offset=" + offset + " skip=" + skip);
                return;
            }
            String where = flips.lastFlip();
            String outcome = String.valueOf(server.getAttribute(result, "Result"));
            String reason = String.valueOf(server.getAttribute(result, "FailureReason"));
            // Alarms a target thread raises can trail the initiator's result. A failed run is already not silent,
            // so it waits a moment; a run that passed waits long enough that a slow machine never makes "silent".
            boolean failed = (outcome.equals("fail") || outcome.equals("unreachable")) && !reason.isBlank();
            long deadline = System.nanoTime() + Duration.ofMillis(failed ? 400 : 10_000).toNanos();
            List<String> caught = activeCorruptions();
            while (caught.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
                caught = activeCorruptions();
            }
            String verdict;
            if (!caught.isEmpty()) {
                verdict = "caught";
                total[1]++;
            } else if (failed) {
                verdict = "failed";
                total[2]++;
            } else {
                verdict = "silent";
                total[3]++;
            }
            total[0]++;
            System.out.println("FLIP " + t.key() + " offset=" + offset + " bit=" + bit + " -> " + verdict + " | result "
                    + outcome + " | " + (caught.isEmpty() ? reason : caught.get(0)).replace('\n', ' ') + " | " + where);
        } catch (Exception e) {
            throw new IllegalStateException("flip of " + t.key() + " could not be classified", e);
        }
    }

    private List<String> activeCorruptions() throws Exception {
        List<String> out = new ArrayList<>();
        for (CompositeData a : (CompositeData[]) alarmServer.getAttribute(ALARMS, "ActiveAlarms")) {
            if ("Corruption".equals(a.get("kind"))) {
                out.add(a.get("subject") + ": " + a.get("details"));
            }
        }
        return out;
    }

    private static BurstsConfig bursts(String provider, EndpointType endpoint, int maxConcurrent) throws Exception {
        return new BurstsConfig(local(freePort()), provider, endpoint, new BurstSuite(List.of(BurstSet.DEFAULT), List.of(BurstSet.DEFAULT)),
                ByteSize.ofKiB(16), 4, 4, ByteSize.ofMiB(1), Duration.ofSeconds(2), maxConcurrent, Duration.ofMillis(10));
    }

    private static HostPort local(int port) {
        return new HostPort("127.0.0.1", port);
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }
}
