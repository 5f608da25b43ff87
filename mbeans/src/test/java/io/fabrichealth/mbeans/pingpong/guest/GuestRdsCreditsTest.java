package io.fabrichealth.mbeans.pingpong.guest;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.testbed.guest.Guest;
import io.fabrichealth.testbed.guest.GuestResult;
import io.fabrichealth.testbed.guest.GuestSpec;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * RDS credit flow control on the real 6.1 kernel (rds_rdma on Soft-RoCE), in one guest boot: after a ping-pong,
 * the PingPong MBean's counter deltas are exactly what an independent C reader of RDS_INFO_COUNTERS saw over the
 * same run, and ib_tx_cq_event moved. With flow_control 1 before connecting, the agent reports "requested but not
 * engaged by this kernel" (both credit counters stay 0, and the kernel's own connect line says no "flow control");
 * with 0, "off".
 */
class GuestRdsCreditsTest {

    @Test
    void countersMatchAnIndependentReaderAndFlowControlIsReportedAsTheKernelDidIt() throws Exception {
        Path reader = compileReader();
        GuestResult r = Guest.run(Guest.prepare(Guest.defaultCacheDir()), GuestSpec.of("""
                . /fh-guest/prelude.sh
                fh_rxe_setup || exit 10
                ip addr add 10.77.0.3/24 dev dummy0 && ip addr add 10.77.0.4/24 dev dummy0 || exit 12
                timeout 150 %s %s || exit 11
                dmesg | grep 'RDS/IB' | sed 's/^/DMESG /'
                exit 0
                """.formatted(javaCommand(), reader)).withMemoryMiB(1024).withTimeout(Duration.ofSeconds(200)));

        // The guest's transcript, for the figures an operator compares (target/guest-rds/guest-output.txt).
        Files.writeString(reader.resolveSibling("guest-output.txt"), r.output());
        assertThat(r.exitStatus()).as("%s", r).isZero();
        for (String phase : new String[] {"requested", "off"}) {
            String c = line(r, "C " + phase + " ");
            assertThat(line(r, "MBEAN " + phase + " ")).as("the MBean's deltas against the C reader's, %s", r.output())
                    .isEqualTo(c);
            assertThat(c).as("the run's sends completed through the IB send CQ").containsPattern(
                    "ib_tx_cq_event=[1-9]");
            assertThat(c).contains("ib_tx_credit_updates=0", "ib_rx_credit_updates=0");
            assertThat(line(r, "ATTRS " + phase + " ")).contains("Result=ok", "Transport=infiniband",
                    "TxCreditUpdatesDelta=0", "RxCreditUpdatesDelta=0", "TxStalledDelta=0", "TxThrottleDelta=0",
                    "Verdict=OK");
        }
        assertThat(line(r, "ATTRS requested ")).contains(
                "CreditFlowControl=requested but not engaged by this kernel", "FlowControlSetting=1");
        assertThat(line(r, "ATTRS off ")).contains("CreditFlowControl=off ", "FlowControlSetting=0");
        assertThat(line(r, "SUMMARY requested ")).contains("credit flow control requested but not engaged by this kernel");
        assertThat(line(r, "CONNECTION 10.77.0.2 -> 10.77.0.1 (infiniband)"))
                .contains("= requested but not engaged by this kernel");
        assertThat(line(r, "CONNECTION 10.77.0.4 -> 10.77.0.3 (infiniband)")).contains("= off");
        assertThat(line(r, "STACK ")).contains("available=true", "flowControl=0").containsPattern("counters=[1-9]\\d");
        assertThat(r.output().lines().filter(l -> l.startsWith("DMESG") && l.contains("conn connected")))
                .as("the kernel's own word on each connection: no \", flow control\"; %s", r.output())
                .isNotEmpty().noneMatch(l -> l.contains("flow control"));
    }

    private static String line(GuestResult r, String prefix) {
        return r.output().lines().filter(l -> l.startsWith(prefix)).findFirst()
                .map(l -> l.substring(prefix.length())).orElseThrow(() -> new AssertionError("no line starting '"
                        + prefix + "' in " + r));
    }

    /** The independent reader, built on this host for the guest (which sees this host's root read-only). */
    private static Path compileReader() throws IOException, InterruptedException {
        Path dir = Path.of("target", "guest-rds").toAbsolutePath();
        Files.createDirectories(dir);
        Path source = dir.resolve("rds_counters.c");
        try (InputStream in = GuestRdsCreditsTest.class.getResourceAsStream("rds_counters.c")) {
            Files.copy(in, source, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        Path binary = dir.resolve("rds_counters");
        Process p = new ProcessBuilder("cc", "-O2", "-Wall", "-Werror", "-o", binary.toString(), source.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError("cc rds_counters.c failed (apt-get install gcc linux-libc-dev): " + out);
        }
        return binary;
    }

    private static String javaCommand() {
        StringBuilder cp = new StringBuilder();
        for (Class<?> c : new Class<?>[] {GuestRdsCreditsMain.class, io.fabrichealth.mbeans.MBeanRegistry.class,
            io.fabrichealth.probes.pingpong.PingPongService.class, io.fabrichealth.config.PingPongConfig.class,
            io.fabrichealth.alarms.AlarmBook.class, io.fabrichealth.jni.Rds.class, org.HdrHistogram.Histogram.class,
            org.jolokia.json.JSONObject.class}) {
            try {
                String p = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
                if (cp.indexOf(p) < 0) {
                    cp.append(cp.length() == 0 ? "" : File.pathSeparator).append(p);
                }
            } catch (Exception e) {
                throw new AssertionError("cannot locate " + c, e);
            }
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return java + " -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xss512k -Xmx128m -XX:-UsePerfData -cp " + cp + " "
                + GuestRdsCreditsMain.class.getName();
    }
}
