package io.fabrichealth.probes.local.guest;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.testbed.guest.Guest;
import io.fabrichealth.testbed.guest.GuestImage;
import io.fabrichealth.testbed.guest.GuestPair;
import io.fabrichealth.testbed.guest.GuestPrelude;
import io.fabrichealth.testbed.guest.GuestSpec;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The local view on a real kernel: two guests joined by a virtual wire, rxe on each eth0, the agent's own sysfs
 * reader, judge, alarm book and verbs ping-pong in each. One boot of the pair checks it all: the port is Ethernet
 * with rxe's hw_counters; clean ping-pongs raise nothing; with netem dropping 3% of one side's frames (between the
 * guests: inside one guest rxe bypasses every qdisc) the local verdict turns WARN and the ping-pong's alarm names
 * the local port and the counters that moved; and every counter equals what {@code rdma statistic} reads.
 */
class GuestLocalViewTest {
    private static final int PORT = 7472;
    // Outer safety nets only: the two JVMs and six 2 s ping-pongs (slower under loss) take well under this.
    private static final Duration GUEST_TIMEOUT = Duration.ofSeconds(280);
    private static final Duration JAVA_TIMEOUT = Duration.ofSeconds(240);

    private static GuestImage image;

    @BeforeAll
    static void prepare() {
        image = Guest.prepare(Guest.defaultCacheDir());
    }

    @Test
    void lossBetweenTwoGuestsTurnsTheLocalPortWarnAndThePingPongAlarmNamesIt() {
        StringBuilder servers = new StringBuilder();
        GuestLocalMain.LOAD_PORTS.forEach((phase, port) -> servers.append("timeout 200 ").append(GuestLocalMain.LOAD)
                .append(" -p ").append(port).append(" > /tmp/bw-").append(phase).append(".log 2>&1 &\n"));
        GuestSpec responder = guest("$FH_ETH_A", servers.toString(), "responder $FH_ETH_A " + PORT);
        GuestSpec initiator = guest("$FH_ETH_B",
                "modprobe sch_netem || { echo 'no sch_netem module in the guest kernel'; exit 12; }\n"
                        + "command -v tc >/dev/null || { echo 'no tc: apt-get install iproute2'; exit 12; }\n"
                        + "fh_wait_peer $FH_ETH_A || { echo 'no ping reply from the responder guest'; exit 13; }",
                "initiator $FH_ETH_B $FH_ETH_A " + PORT);

        GuestPair pair = GuestPair.run(image, responder, initiator);
        String a = pair.a().output();
        String b = pair.b().output();
        // What the lossy phase did, in the test's report even when it passes (loss shows differently run to run).
        b.lines().filter(l -> l.matches("(LOAD|NETEM|RESULT lossy|VERDICT lossy).*")).forEach(System.out::println);
        a.lines().filter(l -> l.startsWith("VERDICT done") || l.startsWith("HW done")).forEach(System.out::println);
        assertThat(pair.b().exitStatus()).as("initiator guest: %s", pair.b()).isZero();
        assertThat(pair.a().exitStatus()).as("responder guest: %s", pair.a()).isZero();

        // LocalPort shows link_layer Ethernet on eth0, Active, and rxe's hw_counters.
        assertThat(b).containsPattern("LAYER start rxe0/1 link_layer=Ethernet state=4: ACTIVE phys_state=5: LinkUp"
                + " netdev=eth0");
        assertThat(line(b, "HW start rxe0/1 ")).contains("rcvd_seq_err=", "completer_retry_err=", "retry_exceeded_err=",
                "out_of_seq_request=", "duplicate_request=", "sent_pkts=", "rcvd_pkts=");

        // Without netem: every run passes, the port stays OK, nothing is raised on either side.
        for (int i = 0; i < GuestLocalMain.RUNS; i++) {
            assertThat(line(b, "RESULT clean" + i + " ")).as("%s", b).contains("outcome=ok");
        }
        assertThat(line(b, "VERDICT clean rxe0/1 ")).as("%s", b).contains(" OK ").contains("breaches=[]");
        assertThat(line(b, "ALARMS after clean ")).as("%s", b).endsWith(" 0");
        assertThat(line(a, "VERDICT clean rxe0/1 ")).as("%s", a).contains(" OK ");
        assertThat(line(a, "ALARMS after clean ")).as("%s", a).endsWith(" 0");

        // With 3% loss on the initiator's eth0: the initiator's port turns WARN on rxe's retry counters ...
        assertThat(b).contains("NETEM on");
        String lossy = line(b, "VERDICT lossy rxe0/1 ");
        assertThat(lossy).as("%s", b).contains(" WARN ");
        assertThat(lossy).containsPattern("breaches=\\[.*(rcvd_seq_err|completer_retry_err|retry_exceeded_err) \\+\\d+");
        // ... the local view raised ErrorThreshold on the local port, and the ping-pong's alarm names that port.
        assertThat(b).containsPattern("ALARM after lossy ErrorThreshold local rxe0/1: local port rxe0/1 \\(Ethernet on"
                + " eth0\\): .*\\+\\d+ >= \\d+");
        assertThat(b).containsPattern("ALARM after lossy (ErrorThreshold|PeerUnreachable) pingpong verbs "
                + Pattern.quote(GuestPrelude.ETH_A) + ":" + PORT + ": .*local port rxe0/1 \\(Ethernet on eth0\\) (WARN|OK)"
                + " during the run: .*\\+\\d+ moved");
        // The responder's side saw the loss in its own counters, its own view. Which ones moves from run to run:
        // requests out of order or repeated, or its own sends answered with RNR NAKs (none in the clean phase).
        assertThat(line(a, "VERDICT done rxe0/1 ")).as("%s", a).containsPattern("moved=\\[.*(out_of_seq_request|"
                + "duplicate_request|send_rnr_err|rcvd_seq_err) \\+\\d+");

        // Every hw_counter equals rdma statistic's, read around it (the lossy reads have non-zero values).
        for (String cross : List.of(line(b, "CROSS start "), line(b, "CROSS lossy "), line(a, "CROSS done "))) {
            Matcher m = Pattern.compile("checked=(\\d+) of rdma=(\\d+) sysfs=(\\d+) bad=\\[]").matcher(cross);
            assertThat(m.find()).as(cross).isTrue();
            assertThat(m.group(1)).as(cross).isEqualTo(m.group(2)).isEqualTo(m.group(3));
            assertThat(Integer.parseInt(m.group(1))).as(cross).isGreaterThanOrEqualTo(15);
        }
        assertThat(line(b, "CROSS lossy ")).containsPattern("completer_retry_err=[1-9]|rcvd_seq_err=[1-9]");
    }

    private static String line(String output, String prefix) {
        return output.lines().filter(l -> l.startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no line starting '" + prefix + "' in:\n" + output));
    }

    private static GuestSpec guest(String address, String beforeJava, String mainArgs) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return GuestSpec.of(GuestPrelude.SOURCE + "\n"
                + "fh_eth_setup " + address + " || { echo 'eth0/rxe0 setup failed'; exit 10; }\n"
                + beforeJava + "\n"
                + "timeout " + JAVA_TIMEOUT.toSeconds() + " " + java
                + " -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xss512k -Xmx128m -XX:-UsePerfData -cp " + classpath()
                + " " + GuestLocalMain.class.getName() + " " + mainArgs
                + " || { rc=$?; echo \"the local-view JVM exited $rc\"; exit 14; }\n")
                .withMemoryMiB(GuestSpec.JAVA_MEMORY_MIB)
                .withTimeout(GUEST_TIMEOUT);
    }

    /** Host paths of this test's classes and of probes, config, alarms and jni: the guest sees the same paths. */
    private static String classpath() {
        Set<String> entries = new LinkedHashSet<>();
        for (Class<?> c : new Class<?>[] {GuestLocalMain.class, io.fabrichealth.probes.local.LocalView.class,
            io.fabrichealth.config.LocalConfig.class, io.fabrichealth.alarms.AlarmBook.class,
            io.fabrichealth.jni.Rds.class, org.HdrHistogram.Histogram.class, org.jolokia.json.JSONObject.class}) {
            try {
                entries.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
            } catch (java.net.URISyntaxException e) {
                throw new AssertionError("cannot locate the classes of " + c.getName(), e);
            }
        }
        return String.join(File.pathSeparator, entries);
    }
}
