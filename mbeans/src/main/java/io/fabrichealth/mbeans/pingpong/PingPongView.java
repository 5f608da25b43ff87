package io.fabrichealth.mbeans.pingpong;

import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.Transport;
import io.fabrichealth.mbeans.NamedValues;
import io.fabrichealth.mbeans.PathAttributes;
import io.fabrichealth.probes.pingpong.PingPongResult;
import io.fabrichealth.probes.pingpong.PingPongService;
import io.fabrichealth.probes.pingpong.PingPongStats;
import io.fabrichealth.probes.pingpong.RdsCredits;
import io.fabrichealth.probes.smp.health.Verdict;
import io.fabrichealth.probes.smp.route.PathEvidence;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.function.Function;
import javax.management.MBeanNotificationInfo;
import javax.management.Notification;
import javax.management.NotificationBroadcasterSupport;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;

/** The PingPong MBean of one (transport, peer): the last result, replaced whole on each run. */
final class PingPongView extends NotificationBroadcasterSupport implements PingPongMXBean {
    private final ObjectName name;
    private final Transport transport;
    private final HostPort peer;
    private final PingPongService service;
    private final BiFunction<String, String, String> acknowledge;
    private final Function<String, List<String>> findings;
    private final AtomicLong sequence = new AtomicLong();
    private volatile PingPongResult last;
    private volatile int misses;
    private volatile long corruptions;
    private volatile String lastCorruption = "";
    private volatile long runs;
    private volatile long failures;

    /**
     * @param acknowledge (subject, who) to the alarm model's answer
     * @param findings    subject to its standing findings
     */
    PingPongView(ObjectName name, Transport transport, HostPort peer, PingPongService service,
            BiFunction<String, String, String> acknowledge, Function<String, List<String>> findings) {
        super(new MBeanNotificationInfo(new String[] {CORRUPTION_NOTIFICATION}, Notification.class.getName(),
                "a ping-pong run found corrupted payloads; userData is the details"));
        this.name = name;
        this.transport = transport;
        this.peer = peer;
        this.service = service;
        this.acknowledge = acknowledge;
        this.findings = findings;
    }

    void record(PingPongResult result) {
        synchronized (this) {
            last = result;
            // A fact for people, not the alarm's rule: the alarm model applies PeerUnreachable's hysteresis.
            boolean missed = result.outcome() != PingPongResult.Outcome.UNSUPPORTED && !result.reachable();
            misses = missed ? misses + 1 : 0;
            runs++;
            if (result.outcome() == PingPongResult.Outcome.FAIL || result.outcome() == PingPongResult.Outcome.UNREACHABLE) {
                failures++;
            }
            if (result.corruptionCount() > 0) {
                corruptions += result.corruptionCount();
                lastCorruption = result.corruptions().isEmpty() ? result.reason()
                        : result.corruptions().get(result.corruptions().size() - 1);
            }
        }
        if (result.corruptionCount() > 0) {
            Notification n = new Notification(CORRUPTION_NOTIFICATION, name, sequence.incrementAndGet(),
                    result.corruptionCount() + " corrupted payload(s) in a ping-pong with " + peer + " over "
                            + PingPongService.name(result.transport()));
            n.setUserData(String.join("\n", result.corruptions()));
            sendNotification(n);
        }
    }

    private PingPongStats stats() {
        PingPongResult r = last;
        return r == null ? PingPongStats.NONE : r.stats();
    }

    @Override
    public String getPeer() {
        return peer.toString();
    }

    @Override
    public String getTransport() {
        PingPongResult r = last;
        return r == null ? "" : r.transportInUse();
    }

    @Override
    public String getResult() {
        PingPongResult r = last;
        return r == null ? "" : r.outcome().text();
    }

    @Override
    public String getFailureReason() {
        PingPongResult r = last;
        return r == null ? "" : r.reason();
    }

    @Override
    public String getLastRun() {
        PingPongResult r = last;
        return r == null ? "" : r.at().toString();
    }

    @Override
    public boolean isPeerReachable() {
        PingPongResult r = last;
        return r == null || r.reachable();
    }

    @Override
    public int getConsecutiveMisses() {
        return misses;
    }

    @Override
    public double getTxPerSecond() {
        return stats().txPerSecond();
    }

    @Override
    public double getTxRxBytesPerSecond() {
        return stats().txRxBytesPerSecond();
    }

    @Override
    public double getRwRrBytesPerSecond() {
        return stats().rwRrBytesPerSecond();
    }

    @Override
    public double getTxMicrosPerSend() {
        return stats().txMicrosPerSend();
    }

    @Override
    public double getRttMinMicros() {
        return stats().rttMinMicros();
    }

    @Override
    public double getRttP50Micros() {
        return stats().rttP50Micros();
    }

    @Override
    public double getRttP99Micros() {
        return stats().rttP99Micros();
    }

    @Override
    public double getRttMaxMicros() {
        return stats().rttMaxMicros();
    }

    @Override
    public double getRttMeanMicros() {
        return stats().rttMeanMicros();
    }

    @Override
    public long getSent() {
        return stats().sent();
    }

    @Override
    public long getAcked() {
        return stats().acked();
    }

    @Override
    public long getLost() {
        return stats().lost();
    }

    @Override
    public long getLate() {
        return stats().late();
    }

    @Override
    public long getCongestion() {
        return stats().congestion();
    }

    @Override
    public long getMalformed() {
        PingPongResult r = last;
        return r == null ? 0 : r.stats().malformed() + r.responder().malformed();
    }

    @Override
    public long getCorruptions() {
        return corruptions;
    }

    @Override
    public String getLastCorruption() {
        return lastCorruption;
    }

    @Override
    public long getVerbsBinds() {
        return clientCounter("binds");
    }

    @Override
    public long getVerbsInvalidations() {
        return clientCounter("invalidations");
    }

    /** A krping client counter of the last run, -1 when it had none. */
    private long clientCounter(String name) {
        PingPongResult r = last;
        return r == null ? -1 : r.counters().getOrDefault("client." + name, -1L);
    }

    @Override
    public long getRuns() {
        return runs;
    }

    @Override
    public long getFailures() {
        return failures;
    }

    @Override
    public String getVerdict() {
        PingPongResult r = last;
        if (r == null) {
            return "";
        }
        if (r.outcome() == PingPongResult.Outcome.FAIL || r.outcome() == PingPongResult.Outcome.UNREACHABLE) {
            return Verdict.CRIT.name();
        }
        return (getFindings().length > 0 ? Verdict.WARN : Verdict.OK).name();
    }

    @Override
    public String[] getFindings() {
        return findings.apply(PingPongService.subject(transport, peer.toString())).toArray(String[]::new);
    }

    private RdsCredits credits() {
        PingPongResult r = last;
        return r == null ? RdsCredits.NONE : r.rds();
    }

    @Override
    public String getCreditFlowControl() {
        RdsCredits c = credits();
        return c.counted() || !c.why().isEmpty() ? c.engagement().text() : "";
    }

    @Override
    public String getCreditFlowControlEvidence() {
        return credits().why();
    }

    @Override
    public int getFlowControlSetting() {
        return credits().flowControl();
    }

    @Override
    public long getTxStalledDelta() {
        return credits().delta(RdsCredits.TX_STALLED);
    }

    @Override
    public long getTxCreditUpdatesDelta() {
        return credits().delta(RdsCredits.TX_CREDIT_UPDATES);
    }

    @Override
    public long getRxCreditUpdatesDelta() {
        return credits().delta(RdsCredits.RX_CREDIT_UPDATES);
    }

    @Override
    public long getTxRingFullDelta() {
        return credits().delta(RdsCredits.TX_RING_FULL);
    }

    @Override
    public long getTxThrottleDelta() {
        return credits().delta(RdsCredits.TX_THROTTLE);
    }

    @Override
    public CompositeData getKernelCounterDeltas() {
        return NamedValues.longs("RdsCounterDeltas", "each kernel RDS counter's change over the last run",
                credits().deltas());
    }

    @Override
    public String acknowledgeCorruption(String who) {
        if (who == null || who.isBlank()) {
            return "not acknowledged: say who acknowledges (a name or ticket)";
        }
        String answer = acknowledge.apply(PingPongService.subject(transport, peer.toString()), who);
        lastCorruption = "";
        return answer;
    }

    @Override
    public String runNow() {
        return service.run(transport, peer).summary();
    }

    @Override
    public String[] getPath() {
        return PathAttributes.path(pathOfLast());
    }

    @Override
    public String getPathHealth() {
        return PathAttributes.health(pathOfLast());
    }

    @Override
    public CompositeData getPathCounterDeltas() {
        return PathAttributes.counterDeltas(pathOfLast());
    }

    @Override
    public String[] getSuspectLinks() {
        return PathAttributes.suspectLinks(pathOfLast());
    }

    private PathEvidence pathOfLast() {
        PingPongResult r = last;
        return r == null ? null : r.path();
    }
}
