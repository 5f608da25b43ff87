package io.fabrichealth.probes.pingpong;

import io.fabrichealth.config.EndpointType;
import io.fabrichealth.alarms.AlarmSink;
import java.time.Duration;

/** Child main: a ping-pong responder over libfabric tcp MSG on 127.0.0.1:PORT until killed (at most 60 s). */
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
            Thread.sleep(60_000);
        }
    }
}
