package io.fabrichealth.probes.bursts.guest;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.jni.Fabric;
import io.fabrichealth.jni.fabric.Flags;
import io.fabrichealth.probes.bursts.BurstService;
import io.fabrichealth.testbed.guest.Guest;
import io.fabrichealth.testbed.guest.GuestImage;
import io.fabrichealth.testbed.guest.GuestPair;
import io.fabrichealth.testbed.guest.GuestPrelude;
import io.fabrichealth.testbed.guest.GuestSpec;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The guest acceptance of the bursts: libfabric's verbs provider (MSG endpoints) over Soft-RoCE, between
 * two real-kernel guests joined by a virtual wire, so every payload crosses rxe and a NIC instead of one
 * kernel's loopback. (Two network namespaces in one guest cannot carry rxe on kernel 6.1.)
 */
class VerbsBurstsBetweenTwoGuestsTest {
    private static final int BURST_PORT = 7471;
    private static final int RENDEZVOUS_PORT = 7472;
    // Outer safety nets only, well above what the sized suite takes under TCG (GuestBurstMain sizes the sets).
    private static final Duration GUEST_TIMEOUT = Duration.ofSeconds(200);
    private static final Duration JAVA_TIMEOUT = Duration.ofSeconds(160);

    private static GuestImage image;

    @BeforeAll
    static void prepare() {
        image = Guest.prepare(Guest.defaultCacheDir());
    }

    @Test
    void defaultContiguousAndGetPassOnVerbsOverSoftRoceWithEveryPayloadVerifiedOnTheWire() {
        GuestSpec target = guest("$FH_ETH_A", "",
                "target $FH_ETH_A:" + BURST_PORT + " " + RENDEZVOUS_PORT + " eth0",
                PerftestAnchor.server());
        GuestSpec initiator = guest("$FH_ETH_B",
                "fh_wait_peer $FH_ETH_A || { echo 'no ping reply from the target guest'; exit 12; }",
                "initiator $FH_ETH_A:" + BURST_PORT + " " + RENDEZVOUS_PORT + " eth0 $FH_ETH_B",
                PerftestAnchor.client("$FH_ETH_A"));

        long udpDropsBefore = HostUdpDrops.now();
        GuestPair pair = GuestPair.run(image, target, initiator);
        long udpDrops = HostUdpDrops.now() - udpDropsBefore;
        Map<String, String> t = values(pair.a().output());
        Map<String, String> i = values(pair.b().output());
        // On a failed set, what the wire did: the budget the guest sized, retries, and frames the QEMU wire dropped.
        String wire = String.format(Locale.ROOT, "suite budget %s bytes in %s ms; initiator completer_retry_err %s,"
                + " target duplicate_request %s, host UDP RcvbufErrors +%d%n--- initiator guest ---%n%s",
                i.get("suite.maxBytes"), i.get("suite.maxDurationMillis"), i.get("counter.rxe.completer_retry_err"),
                t.get("counter.rxe.duplicate_request"), udpDrops, pair.b().output());

        assertThat(pair.b().exitStatus()).as("initiator guest: %s", pair.b()).isZero();
        assertThat(pair.a().exitStatus()).as("target guest: %s", pair.a()).isZero();
        assertThat(t).containsEntry("target.heard", "done");
        long payload = (long) GuestBurstMain.SEGMENTS * GuestBurstMain.SEGMENT_SIZE.bytes();
        for (String set : GuestBurstMain.WARM_UP_SETS) {
            String p = "warmUp." + set + ".";
            assertThat(i.get(p + "outcome")).as("warm-up %s: %s (%s)", set, i.get(p + "reason"), wire).isEqualTo("OK");
        }
        for (String set : GuestBurstMain.SETS) {
            String p = "set." + set + ".";
            assertThat(i.get(p + "outcome")).as("%s: %s (%s)", set, i.get(p + "reason"), wire).isEqualTo("OK");
            assertThat(i).containsEntry(p + "fact.provider", GuestBurstMain.PROVIDER)
                    .containsEntry(p + "fact.endpoint", "MSG");
            // What loopback never exercised: local descriptors, virtual addresses and provider keys.
            assertThat(Integer.decode(i.get(p + "fact.mrMode"))).as("%s mr_mode", set)
                    .isEqualTo(Flags.FI_MR_LOCAL | Flags.FI_MR_VIRT_ADDR | Flags.FI_MR_ALLOCATED | Flags.FI_MR_PROV_KEY);
            long bytes = Long.parseLong(i.get(p + "bytes"));
            assertThat(bytes).as("%s bytes verified", set).isPositive().isEqualTo(payload * (bytes / payload));
            if (set.startsWith("put")) {
                // Puts are verified by the target, byte by byte, and counted in its goodbye.
                assertThat(i).containsEntry(p + "fact.targetVerified", bytes / payload + " payloads, 0 bad");
            }
        }
        assertThat(i).containsEntry("suite.summary", "3 tests, 3 succeeded, 0 failed");
        assertThat(i).containsEntry("alarms.raised", "0").containsEntry("alarms.bad", "0");
        assertThat(t).containsEntry("alarms.raised", "0").containsEntry("alarms.bad", "0");

        // The kernel's own counters, below libfabric: puts left the initiator's NIC, gets came back in,
        // and rxe (not a TCP fallback) carried them, at most 4096 payload bytes per RoCE packet.
        long put = bytes(i, "put default") + bytes(i, "put contiguous");
        long get = bytes(i, "get default");
        assertThat(Long.parseLong(i.get("counter.netdev.tx_bytes"))).as("initiator eth0 tx_bytes").isGreaterThan(put);
        assertThat(Long.parseLong(i.get("counter.netdev.rx_bytes"))).as("initiator eth0 rx_bytes").isGreaterThan(get);
        assertThat(Long.parseLong(i.get("counter.rxe.sent_pkts"))).as("initiator rxe0 sent_pkts")
                .isGreaterThanOrEqualTo(put / 4096);
        assertThat(Long.parseLong(t.get("counter.rxe.sent_pkts"))).as("target rxe0 sent_pkts (read responses)")
                .isGreaterThanOrEqualTo(get / 4096);

        // The stock C tools on the same wire, same payload and window: the anchor for the figures.
        // Both ran to the end and moved data (how fast the emulator was is not asserted).
        assertThat(PerftestAnchor.averageMBps(pair.b().output(), "RDMA_Write")).as("ib_write_bw").isPositive();
        assertThat(PerftestAnchor.averageMBps(pair.b().output(), "RDMA_Read")).as("ib_read_bw").isPositive();
        for (String set : GuestBurstMain.SETS) {
            assertThat(mbps(i, set)).as("%s MB/s", set).isPositive();
        }
    }

    /**
     * A guest that brings up eth0 with rxe0, checks that libfabric lists verbs on rxe0, then runs one side
     * of the bursts and, once both JVMs are done, one side of the perftest anchor.
     */
    private static GuestSpec guest(String address, String beforeJava, String mainArgs, String afterJava) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String jsig = Path.of(System.getProperty("java.home"), "lib", "libjsig.so").toString();
        return GuestSpec.of(GuestPrelude.SOURCE + "\n"
                + "fh_eth_setup " + address + " || { echo 'eth0/rxe0 setup failed'; exit 10; }\n"
                + "fi_info -p verbs -e msg -d rxe0 > /tmp/fi_info.txt 2>&1 || { cat /tmp/fi_info.txt;"
                + " echo 'libfabric lists no verbs MSG endpoint on rxe0: apt-get install libfabric1 ibverbs-providers';"
                + " exit 11; }\n"
                + beforeJava + "\n"
                // libjsig first: libfabric's PSM constructor would otherwise take the JVM's signal handlers.
                + "LD_PRELOAD=" + jsig + " timeout " + JAVA_TIMEOUT.toSeconds() + " " + java
                + " -Xcheck:jni -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xmx256m -cp " + classpath() + " "
                + GuestBurstMain.class.getName() + " " + mainArgs
                + " || { rc=$?; echo \"the burst JVM exited $rc\"; exit 13; }\n"
                + afterJava)
                .withMemoryMiB(GuestSpec.JAVA_MEMORY_MIB)
                .withTimeout(GUEST_TIMEOUT);
    }

    /** Host paths of this test's classes and of probes, config and jni: the guest sees them at the same paths. */
    private static String classpath() {
        Set<String> entries = new LinkedHashSet<>();
        for (Class<?> c : new Class<?>[] {GuestBurstMain.class, BurstService.class, BurstsConfig.class,
            io.fabrichealth.alarms.AlarmSink.class, Fabric.class}) {
            try {
                entries.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
            } catch (java.net.URISyntaxException e) {
                throw new AssertionError("cannot locate the classes of " + c.getName(), e);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    private static Map<String, String> values(String output) {
        Map<String, String> values = new LinkedHashMap<>();
        output.lines().forEach(line -> {
            int eq = line.indexOf('=');
            // Keys name tests as the report does: "put default", "get cacheless,reregister".
            if (eq > 0 && line.substring(0, eq).matches("[\\w., ]+")) {
                values.put(line.substring(0, eq), line.substring(eq + 1));
            }
        });
        return values;
    }

    private static long bytes(Map<String, String> values, String test) {
        return Long.parseLong(values.get("set." + test + ".bytes"));
    }

    private static double mbps(Map<String, String> values, String test) {
        String p = "set." + test + ".";
        return Long.parseLong(values.get(p + "bytes")) * 1e3 / Long.parseLong(values.get(p + "nanos"));
    }
}
