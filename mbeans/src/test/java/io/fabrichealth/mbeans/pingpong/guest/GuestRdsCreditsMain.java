package io.fabrichealth.mbeans.pingpong.guest;

import io.fabrichealth.alarms.AlarmBook;
import io.fabrichealth.config.AlarmsConfig;
import io.fabrichealth.config.ByteSize;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.PingPongConfig;
import io.fabrichealth.config.Transport;
import io.fabrichealth.jni.rds.RdsFlowControl;
import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.pingpong.PingPongMBeans;
import io.fabrichealth.mbeans.pingpong.RdsStackMXBean;
import io.fabrichealth.mbeans.pingpong.RdsStackView;
import io.fabrichealth.probes.pingpong.PingPongResult;
import io.fabrichealth.probes.pingpong.PingPongService;
import io.fabrichealth.probes.pingpong.rds.RdsPlane;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;

/**
 * Runs in the guest (rxe0 on dummy0 with four addresses, rds_rdma loaded, no other RDS traffic):
 * {@code GuestRdsCreditsMain COUNTERS_BINARY}. Two phases, each on a fresh pair of addresses so that RDS makes a
 * new IB connection under the setting: flow_control 1 (10.77.0.2 -> 10.77.0.1), then 0 (10.77.0.4 -> 10.77.0.3).
 * Each: a warm-up run brings the connection up; then the independent C reader saves the counters, the PingPong
 * MBean's runNow runs, and the C reader prints its deltas. Prints C, MBEAN and STACK lines for the test to compare.
 */
public final class GuestRdsCreditsMain {
    private static final String PREFIX = "10.77.0.";

    private GuestRdsCreditsMain() {
    }

    public static void main(String[] args) throws Exception {
        String reader = args[0];
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        AlarmBook book = AlarmBook.inMemory(AlarmsConfig.DEFAULTS, Clock.systemUTC());
        try (MBeanRegistry registry = new MBeanRegistry(server)) {
            RdsStackView stack = RdsStackView.register(registry, true);
            phase(server, registry, book, stack, reader, "requested", 1, 1, 2, 7472);
            phase(server, registry, book, stack, reader, "off", 0, 3, 4, 7473);
            ObjectName stackName = new ObjectName(RdsStackMXBean.OBJECT_NAME);
            CompositeData counters = (CompositeData) server.getAttribute(stackName, "Counters");
            System.out.println("STACK available=" + server.getAttribute(stackName, "Available") + " counters="
                    + counters.getCompositeType().keySet().size() + " flowControl="
                    + server.getAttribute(stackName, "FlowControl") + " readAt="
                    + server.getAttribute(stackName, "ReadAt"));
            CompositeData byConnection = (CompositeData) server.getAttribute(stackName,
                    "CreditFlowControlByConnection");
            for (String c : byConnection.getCompositeType().keySet()) {
                System.out.println("CONNECTION " + c + " = " + byConnection.get(c));
            }
        }
        System.exit(0);
    }

    private static void phase(MBeanServer server, MBeanRegistry registry, AlarmBook book, RdsStackView stack,
            String reader, String label, int flowControl, int responder, int initiator, int port) throws Exception {
        // Before the phase's first connection: the setting applies to connections made from now on.
        Files.writeString(RdsFlowControl.SYSCTL, flowControl + "\n");
        HostPort peer = new HostPort(PREFIX + responder, port);
        try (PingPongService passive = service(PREFIX + responder, port, book);
                PingPongService active = service(PREFIX + initiator, 7999, book)) {
            passive.startResponder();
            PingPongMBeans beans = new PingPongMBeans(registry, active, book);
            active.addListener(stack);
            beans.addPeer(peer);
            PingPongResult warm = warmUp(active, peer);
            System.out.println("WARMUP " + label + " " + warm.summary());
            String saved = "/tmp/fh-rds-" + label;
            run(reader, "save", saved);
            ObjectName name = PingPongMBeans.name(Transport.RDS, peer.toString());
            String summary = (String) server.invoke(name, "runNow", null, null);
            String cDeltas = run(reader, "delta", saved);
            System.out.println("SUMMARY " + label + " " + summary);
            Map<String, Long> c = new TreeMap<>();
            for (String line : cDeltas.split("\n")) {
                String[] f = line.trim().split(" ");
                c.put(f[0], Long.parseUnsignedLong(f[1]));
            }
            System.out.println("C " + label + " " + c);
            CompositeData deltas = (CompositeData) server.getAttribute(name, "KernelCounterDeltas");
            Map<String, Long> m = new TreeMap<>();
            for (String k : deltas.getCompositeType().keySet()) {
                m.put(k, (Long) deltas.get(k));
            }
            System.out.println("MBEAN " + label + " " + m);
            StringBuilder attrs = new StringBuilder("ATTRS " + label);
            for (String a : List.of("Result", "Transport", "Sent", "CreditFlowControl", "FlowControlSetting",
                    "TxStalledDelta", "TxCreditUpdatesDelta", "RxCreditUpdatesDelta", "TxRingFullDelta",
                    "TxThrottleDelta", "Verdict")) {
                attrs.append(' ').append(a).append('=').append(server.getAttribute(name, a));
            }
            System.out.println(attrs);
            System.out.println("EVIDENCE " + label + " " + server.getAttribute(name, "CreditFlowControlEvidence"));
            beans.removePeer(peer);
        }
    }

    private static PingPongService service(String host, int port, AlarmBook book) {
        PingPongConfig config = new PingPongConfig(new HostPort(host, port), List.of(Transport.RDS),
                ByteSize.ofBytes(4096), ByteSize.ofBytes(1024), 4, 1, Duration.ofSeconds(1));
        return new PingPongService(config, Map.of(Transport.RDS, new RdsPlane()), book.sink());
    }

    /** Until the responder answers: the first send also brings the RDS connection up. */
    private static PingPongResult warmUp(PingPongService service, HostPort peer) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            PingPongResult r = service.run(Transport.RDS, peer);
            if (r.outcome() == PingPongResult.Outcome.OK || System.nanoTime() > deadline) {
                return r;
            }
            Thread.sleep(300);
        }
    }

    private static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: "
                    + new String(out, StandardCharsets.UTF_8));
        }
        return new String(out, StandardCharsets.UTF_8);
    }
}
