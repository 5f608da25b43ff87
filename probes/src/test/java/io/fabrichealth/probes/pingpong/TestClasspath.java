package io.fabrichealth.probes.pingpong;

import java.io.File;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;

/** The class path of these tests as host paths, for child JVMs here and JVMs in the guest (same paths there). */
final class TestClasspath {
    private TestClasspath() {
    }

    static String get() {
        Set<String> entries = new LinkedHashSet<>();
        for (Class<?> c : new Class<?>[] {TestClasspath.class, PingPongService.class,
            io.fabrichealth.config.PingPongConfig.class, io.fabrichealth.jni.Rds.class, io.fabrichealth.alarms.AlarmSink.class,
            org.HdrHistogram.Histogram.class}) {
            entries.add(codeSource(c));
        }
        return String.join(File.pathSeparator, entries);
    }

    private static String codeSource(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (Exception e) {
            throw new AssertionError("cannot find where " + c.getName() + " was loaded from", e);
        }
    }

    /** libjsig first, so libfabric's PSM constructor cannot take the JVM's signal handlers. */
    static String jsig() {
        return Path.of(System.getProperty("java.home"), "lib", "libjsig.so").toString();
    }
}
