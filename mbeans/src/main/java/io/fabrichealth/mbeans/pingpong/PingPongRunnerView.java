package io.fabrichealth.mbeans.pingpong;

import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.Transport;
import io.fabrichealth.mbeans.Composites;
import io.fabrichealth.probes.pingpong.PingPongResult;
import io.fabrichealth.probes.pingpong.PingPongService;
import io.fabrichealth.probes.pingpong.PingPongStats;
import io.fabrichealth.probes.pingpong.Second;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.locks.ReentrantLock;
import javax.management.openmbean.ArrayType;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.OpenDataException;
import javax.management.openmbean.SimpleType;

/** The PingPongRunner MBean: one run at a time, so an operator's run never piles onto another's. */
final class PingPongRunnerView implements PingPongRunnerMXBean {
    /** rds-stress's columns, one per item, in its order; K/s are KiB per second as rds-stress divides by 1024. */
    static final Composites LINE = new Composites("PingPongLine", "one rds-stress line",
            "Tasks", SimpleType.INTEGER,
            "TxPerSecond", SimpleType.DOUBLE,
            "RxPerSecond", SimpleType.DOUBLE,
            "TxRxKiBPerSecond", SimpleType.DOUBLE,
            "RdmaInKiBPerSecond", SimpleType.DOUBLE,
            "RdmaOutKiBPerSecond", SimpleType.DOUBLE,
            "TxMicrosPerCall", SimpleType.DOUBLE,
            "RttMicros", SimpleType.DOUBLE);
    static final Composites COUNTER = new Composites("PingPongCounter", "a transport counter in its tool's name",
            "Name", SimpleType.STRING,
            "Value", SimpleType.LONG);
    static final Composites RUN = new Composites("PingPongRun", "one ping-pong run on demand",
            "Peer", SimpleType.STRING,
            "Transport", SimpleType.STRING,
            "TransportInUse", SimpleType.STRING,
            "Result", SimpleType.STRING,
            "FailureReason", SimpleType.STRING,
            "Summary", SimpleType.STRING,
            "Seconds", arrayOf(LINE),
            "Average", LINE.type(),
            "RttP50Micros", SimpleType.DOUBLE,
            "RttP99Micros", SimpleType.DOUBLE,
            "Corruptions", stringArray(),
            "Counters", arrayOf(COUNTER),
            "CreditFlowControl", SimpleType.STRING);

    private final PingPongService service;
    private final ReentrantLock running = new ReentrantLock();
    private volatile String current = "";

    PingPongRunnerView(PingPongService service) {
        this.service = service;
    }

    @Override
    public CompositeData run(String peer, String transport, int requestBytes, int ackBytes, int depth, int tasks,
            int seconds) {
        Transport t = Transport.parse(transport);
        HostPort target = HostPort.parse(peer);
        var terms = service.terms(t, requestBytes, ackBytes, depth, tasks, Duration.ofSeconds(seconds));
        if (!running.tryLock()) {
            throw new IllegalStateException("busy: " + current + " is still running; run again when it ends");
        }
        try {
            current = "a run against " + target + " over " + PingPongService.name(t) + " since " + Instant.now();
            return composite(service.run(t, target, terms), tasks);
        } finally {
            current = "";
            running.unlock();
        }
    }

    static CompositeData composite(PingPongResult r, int tasks) {
        PingPongStats s = r.stats();
        CompositeData[] seconds = s.perSecond().stream().map(PingPongRunnerView::line).toArray(CompositeData[]::new);
        // A loop transport (verbs) counts RDMA on the server's side: its reads take our bytes out, its writes
        // bring them in.
        long rdmaIn = r.counters().getOrDefault("server.rdma_write_bytes", 0L);
        long rdmaOut = r.counters().getOrDefault("server.rdma_read_bytes", 0L);
        double per = s.seconds() > 0 ? 1 / s.seconds() : 0;
        CompositeData average = LINE.of(tasks, s.txPerSecond(), (s.acked() + s.late()) * per,
                s.txRxBytesPerSecond() / 1024, rdmaIn * per / 1024, rdmaOut * per / 1024, s.txMicrosPerSend(),
                Math.max(0, s.rttMeanMicros()));
        CompositeData[] counters = r.counters().entrySet().stream().map(e -> COUNTER.of(e.getKey(), e.getValue()))
                .toArray(CompositeData[]::new);
        return RUN.of(r.peer(), PingPongService.name(r.transport()), r.transportInUse(), r.outcome().text(), r.reason(),
                r.summary(), seconds, average, s.rttP50Micros(), s.rttP99Micros(), r.corruptions().toArray(String[]::new),
                counters, r.rds().line());
    }

    private static CompositeData line(Second s) {
        return LINE.of(s.tasks(), (double) s.tx(), (double) s.rx(), s.txRxBytes() / 1024.0, 0.0, 0.0,
                s.txMicrosPerCall(), s.rttMicros());
    }

    private static ArrayType<CompositeData> arrayOf(Composites c) {
        try {
            return new ArrayType<>(1, c.type());
        } catch (OpenDataException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ArrayType<String> stringArray() {
        try {
            return new ArrayType<>(1, SimpleType.STRING);
        } catch (OpenDataException e) {
            throw new IllegalStateException(e);
        }
    }
}
