package io.fabrichealth.probes.pingpong.rds;

import io.fabrichealth.jni.NativeFamily;
import io.fabrichealth.jni.rds.RdsCounters;
import io.fabrichealth.jni.rds.RdsFlowControl;
import io.fabrichealth.jni.rds.RdsSocket;
import io.fabrichealth.probes.pingpong.RdsCredits;
import io.fabrichealth.probes.pingpong.RunCounters;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads this host's RDS stack (one unbound AF_RDS socket per reading: getsockopt RDS_INFO_COUNTERS and
 * RDS_INFO_CONNECTIONS, and /proc/sys/net/rds/ib/flow_control). A reading costs a few system calls and never
 * touches the network; the last one is kept for the RdsStack MBean.
 */
public final class RdsStack {
    /** After a run, the counters are read until two reads this far apart agree: RDS acks trail the last message. */
    static final Duration SETTLE = Duration.ofMillis(50);
    /** ...but no longer than this: on a busy host they never stop. */
    static final Duration SETTLE_LIMIT = Duration.ofSeconds(1);

    private static volatile RdsStackReading last;

    private RdsStack() {
    }

    /** Why this host cannot read its RDS stack, or null when it can. */
    public static String unavailability() {
        if (!NativeFamily.RDS.available()) {
            return "the rds native family is not available: " + NativeFamily.RDS.cause();
        }
        int support = io.fabrichealth.jni.Rds.kernelSupport();
        return support == 0 ? null : io.fabrichealth.jni.Rds.describeKernelSupport(support);
    }

    /** A reading now; never throws (what failed is in {@link RdsStackReading#problem()}). */
    public static RdsStackReading read() {
        Instant at = Instant.now();
        RdsFlowControl setting = RdsFlowControl.read();
        RdsStackReading r;
        try (RdsSocket s = RdsSocket.open()) {
            RdsCounters c = s.counters();
            List<io.fabrichealth.jni.rds.RdsConnection> connections;
            try {
                connections = s.connections();
            } catch (RuntimeException e) {
                connections = List.of(); // the counters are what a run needs; the table is for the MBean
            }
            r = new RdsStackReading(at, c.values(), setting, connections, "");
        } catch (RuntimeException e) {
            r = new RdsStackReading(at, Map.of(), setting, List.of(), "RDS_INFO_COUNTERS could not be read: "
                    + e.getMessage());
        }
        last = r;
        return r;
    }

    /** The last reading (by a run or {@link #read}), or a fresh one when it is older than {@code maxAge}. */
    public static RdsStackReading latest(Duration maxAge) {
        RdsStackReading r = last;
        return r != null && r.at().plus(maxAge).isAfter(Instant.now()) ? r : read();
    }

    /** Reads now, and gives a run's share once it is over. */
    static RunCounters before() {
        RdsStackReading before = read();
        return (sent, inUse) -> {
            RdsStackReading after = settled();
            Map<String, Long> deltas = before.counted() && after.counted() ? deltas(before.counters(),
                    after.counters()) : Map.of();
            // The setting as the run began: a connection the run made was made under it.
            CreditInference.Verdict v = CreditInference.infer(before.flowControl(), deltas,
                    before.counted() ? after.problem() : before.problem(), sent, inUse);
            return new RdsCredits(v.engagement(), v.why(), before.flowControl().value(), deltas,
                    deltas.isEmpty() ? null : after.at());
        };
    }

    private static RdsStackReading settled() {
        RdsStackReading r = read();
        long limit = System.nanoTime() + SETTLE_LIMIT.toNanos();
        while (r.counted() && System.nanoTime() < limit) {
            try {
                Thread.sleep(SETTLE.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return r;
            }
            RdsStackReading next = read();
            if (next.counters().equals(r.counters())) {
                return next;
            }
            r = next;
        }
        return r;
    }

    /**
     * after - before for every counter after reports, as unsigned 64-bit counts. A counter that went down was reset
     * (its module reloaded) and counts from 0; one that appeared during the run counts from 0.
     */
    static Map<String, Long> deltas(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> d = new LinkedHashMap<>();
        after.forEach((name, value) -> {
            Long was = before.get(name);
            d.put(name, was == null || Long.compareUnsigned(value, was) < 0 ? value : value - was);
        });
        return d;
    }
}
