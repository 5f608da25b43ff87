package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.alarms.AlarmSink;
import java.time.Duration;

/**
 * Child main: runs one set against the target at 127.0.0.1:PORT over and over, with no byte cap and a
 * 30 s time cap, until killed (at most 60 s). Its identity is a port of its own, so the target's
 * one-burst-per-peer rule never refuses it on account of an earlier, killed initiator.
 */
public final class InitiatorMain {
    private InitiatorMain() {
    }

    public static void main(String[] args) {
        String test = args[3];
        BurstsConfig base = Loopback.config(args[0], EndpointType.valueOf(args[1]), Loopback.suite(test), 1L << 40);
        BurstsConfig config = new BurstsConfig(base.listen(), base.provider(),
                base.endpoint(), base.suite(), base.segmentSize(), base.segments(), base.window(), base.maxBytes(),
                Duration.ofSeconds(30), 2, base.cancelDelay());
        BurstService service = new BurstService(config, AlarmSink.NONE);
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        System.out.println("running");
        System.out.flush();
        while (System.nanoTime() < end) {
            BurstResult r = service.runSet(new HostPort("127.0.0.1", Integer.parseInt(args[2])), Loopback.phase(test), Loopback.set(test));
            if (r.refusedByTarget()) {
                // the target still serves a killed initiator's session: not a burst; try again, as a next slot would
                sleep();
                continue;
            }
            System.out.println(r.outcome() + " " + r.reason());
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
