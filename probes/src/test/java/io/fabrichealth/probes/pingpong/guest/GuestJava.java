package io.fabrichealth.probes.pingpong.guest;

import io.fabrichealth.testbed.guest.GuestSpec;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;

/** The command line that runs {@link GuestPingPongMain} in the guest with these tests' class path. */
final class GuestJava {
    private GuestJava() {
    }

    /** {@code script} with %1$s standing for the java command line; 1 GiB for two JVMs, 90 s in all. */
    static GuestSpec spec(String script) {
        return GuestSpec.of(script.formatted(command())).withMemoryMiB(1024).withTimeout(Duration.ofSeconds(120));
    }

    static String command() {
        return command(GuestPingPongMain.class);
    }

    static String command(Class<?> main) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return java + " -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xss512k -Xmx96m -XX:-UsePerfData -cp "
                + classpath() + " " + main.getName();
    }

    private static String classpath() {
        StringBuilder cp = new StringBuilder();
        for (Class<?> c : new Class<?>[] {GuestPingPongMain.class, io.fabrichealth.probes.pingpong.PingPongService.class,
            io.fabrichealth.config.PingPongConfig.class, io.fabrichealth.alarms.AlarmSink.class, io.fabrichealth.jni.Rds.class,
            io.fabrichealth.testbed.flip.BitFlips.class,
            org.HdrHistogram.Histogram.class}) {
            try {
                String p = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
                if (cp.indexOf(p) < 0) {
                    cp.append(cp.length() == 0 ? "" : File.pathSeparator).append(p);
                }
            } catch (Exception e) {
                throw new AssertionError("cannot locate " + c, e);
            }
        }
        return cp.toString();
    }
}
