package io.fabrichealth.mbeans.pingpong;

import javax.management.openmbean.CompositeData;

/**
 * Ping-pongs on demand, {@code fabric.health:type=PingPongRunner}: rds-stress's active side, run by the agent
 * against any responder with the terms given here instead of the configured ones. {@code ./fabric-health pingpong}
 * calls it. The run is an ordinary run: it raises the same alarms and updates the peer's PingPong MBean.
 */
public interface PingPongRunnerMXBean {
    String OBJECT_NAME = "fabric.health:type=PingPongRunner";

    /**
     * Runs one ping-pong now and returns it whole: {@code Result}, {@code Summary}, rds-stress's per-second
     * {@code Seconds} and {@code Average} lines (tasks, tx/s, rx/s, tx+rx K/s, mbi K/s, mbo K/s, tx us/c, rtt us),
     * {@code RttP50Micros} and {@code RttP99Micros}, the {@code Corruptions} found (offset and bytes), and the
     * transport's own {@code Counters} (verbs: /proc/krping's), and over RDS what the kernel's counters said of credit
     * flow control ({@code CreditFlowControl}, empty otherwise). Blocks for the run.
     *
     * @param peer         the responder, host:port (its pingpong.listen)
     * @param transport    rds, verbs or fabric
     * @param requestBytes rds-stress -q, header included
     * @param ackBytes     rds-stress -a, header included
     * @param depth        rds-stress -d, requests in flight per task
     * @param tasks        rds-stress -t
     * @param seconds      rds-stress -T
     */
    CompositeData run(String peer, String transport, int requestBytes, int ackBytes, int depth, int tasks,
            int seconds);
}
