package io.fabrichealth.probes.pingpong.guest;

import io.fabrichealth.testbed.guest.Guest;
import io.fabrichealth.testbed.guest.GuestResult;

/**
 * Prints what GuestVerbsPingPongTest's guest measures (tests print nothing): per memory mode the runs' RESULT,
 * SUMMARY and COUNTERS lines, the device's memory-window capabilities, and one STALE line per stale-rkey check
 * with the work-completion status the kernel gave. Run with
 * {@code mvn -B -o -q -pl probes exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=io.fabrichealth.probes.pingpong.guest.GuestVerbsMemoryReport}.
 */
public final class GuestVerbsMemoryReport {
    private GuestVerbsMemoryReport() {
    }

    public static void main(String[] args) {
        GuestResult r = GuestVerbsPingPongTest.boot(Guest.prepare(Guest.defaultCacheDir()));
        r.output().lines().filter(l -> l.matches("(RESULT|SUMMARY|COUNTERS|DEVICE|STALE|FDS) .*"))
                .forEach(System.out::println);
        System.out.println("guest exit status " + r.exitStatus());
        System.exit(r.exitStatus() == 0 ? 0 : 1);
    }
}
