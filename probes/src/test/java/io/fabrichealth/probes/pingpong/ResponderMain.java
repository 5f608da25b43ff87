package io.fabrichealth.probes.pingpong;

import io.fabrichealth.config.EndpointType;
import io.fabrichealth.alarms.AlarmSink;
import java.time.Duration;

/**
 * Child main: a ping-pong responder over libfabric tcp MSG on 127.0.0.1:PORT until killed (at most 60 s). Prints
 * "ready", then "started K" once K sessions have begun, so a test can kill it knowing a run reached it.
 */
public final class ResponderMain {
    private ResponderMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        var base = Loopback.config(1024, 64, 1, 1, Duration.ofSeconds(1));
        var config = new io.fabrichealth.config.PingPongConfig(new io.fabrichealth.config.HostPort("127.0.0.1",
                Integer.parseInt(args[0])), base.transports(), base.requestSize(), base.ackSize(), 1, 1,
                base.duration(), 2);
        try (PingPongService service = Loopback.service(config, "tcp", EndpointType.MSG, AlarmSink.NONE)) {
            service.startResponder();
            System.out.println("ready");
            System.out.flush();
            long end = System.nanoTime() + 60_000_000_000L;
            long reported = 0;
            while (System.nanoTime() < end) {
                long sessions = service.responder().sessions();
                if (sessions > reported) {
                    reported = sessions;
                    System.out.println("started " + sessions);
                    System.out.flush();
                }
                Thread.sleep(20); // a look every 20 ms: a session lasts seconds
            }
        }
    }
}
