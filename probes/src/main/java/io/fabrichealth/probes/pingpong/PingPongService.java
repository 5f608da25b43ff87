package io.fabrichealth.probes.pingpong;

import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.PingPongConfig;
import io.fabrichealth.config.Transport;
import io.fabrichealth.probes.local.LocalRunWatch;
import io.fabrichealth.probes.smp.route.PathAlarms;
import io.fabrichealth.probes.smp.route.PathEvidence;
import io.fabrichealth.probes.smp.route.PathWatch;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The agent's ping-pongs: its responder (passive for every peer) and the active runs its schedule aims at peers.
 * Alarms: a corrupted payload on either side raises Corruption at once. PeerUnreachable: every run is one
 * observation, good when the peer answered and bad when it did not; the alarm model's hysteresis decides when that
 * becomes an alarm. A transport this agent cannot run says nothing about the peer. CreditStalls: every RDS run
 * that sent traffic is one observation, bad when the kernel's ib_tx_stalled or ib_tx_throttle moved during it.
 */
public final class PingPongService implements AutoCloseable {
    private volatile PingPongConfig config;
    private final Map<Transport, DataPlane> planes;
    private final AlarmSink alarms;
    private final PingPongDrill drill = new PingPongDrill();
    private final List<PingPongListener> listeners = new CopyOnWriteArrayList<>();
    private final SecureRandom random = new SecureRandom();
    private volatile PingPongResponder responder;
    private volatile LocalRunWatch localPorts;
    private volatile PathWatch paths = PathWatch.NONE;

    public PingPongService(PingPongConfig config, Map<Transport, DataPlane> planes, AlarmSink alarms) {
        this.config = config;
        this.planes = Map.copyOf(planes);
        this.alarms = alarms;
    }

    public PingPongConfig config() {
        return config;
    }

    /**
     * A reloaded config: sizes, depth, tasks and duration apply from the next run. The responder keeps its
     * listen address and the transports stay as started until the agent restarts.
     */
    public void configure(PingPongConfig next) {
        this.config = next;
    }

    /** Starts the responder on pingpong.listen, serving every transport this service has a plane for. */
    public synchronized void startResponder() {
        if (responder == null) {
            responder = PingPongResponder.start(config.listen(), planes, alarms, drill);
        }
    }

    /** The responder, or null when not started. */
    public PingPongResponder responder() {
        return responder;
    }

    /** The responder's fire drill. */
    public PingPongDrill drill() {
        return drill;
    }

    public void addListener(PingPongListener listener) {
        listeners.add(listener);
    }

    /**
     * Reads the local port under each verbs and RDS run before and after it, so that the run's alarms name that
     * port and the counters that moved on it (see {@link #observeLocalPort}).
     */
    public void watchLocalPorts(LocalRunWatch watch) {
        this.localPorts = watch;
    }

    /**
     * Traces each run's path through the fabric and reads its ports before and after the run, so the result shows
     * the path and its Corruption and PeerUnreachable alarms name the suspect cables.
     */
    public void watchPaths(PathWatch watch) {
        this.paths = watch;
    }

    /** The transports a run covers: pingpong.transports. */
    public List<Transport> transports() {
        return config.transports();
    }

    /** One run against {@code peer} (its pingpong.listen) over {@code transport}, with the configured terms. */
    public PingPongResult run(Transport transport, HostPort peer) {
        return run(transport, peer, terms(transport));
    }

    /** One run with explicit terms (tests, benchmarks). */
    public PingPongResult run(Transport transport, HostPort peer, Terms terms) {
        DataPlane plane = planes.get(transport);
        String subject = subject(transport, peer.toString());
        PingPongResult result;
        LocalRunWatch watch = transport == Transport.FABRIC ? null : localPorts;
        LocalRunWatch.Bracket bracket = watch == null ? LocalRunWatch.Bracket.NONE : watch.before(config.listen().host());
        PathWatch.Bracket path = plane == null ? PathWatch.Bracket.of(PathEvidence.NONE) : paths.before(peer);
        PathAlarms runAlarms = new PathAlarms(alarms);
        if (plane == null) {
            result = PingPongResult.notRun(peer.toString(), transport, PingPongResult.Outcome.UNSUPPORTED,
                    name(transport) + " ping-pongs are not built into this agent", java.time.Instant.now());
        } else {
            result = new PingPongInitiator(terms, peer, config.listen().host(), plane, new CorruptionSink() {
                @Override
                public void corrupted(String direction, int task, long seq, Mismatch m) {
                    runAlarms.raise(AlarmKind.Corruption, subject, m.describe(peer.toString(), name(transport),
                            direction, task, seq));
                }

                @Override
                public void damaged(String details) {
                    runAlarms.raise(AlarmKind.Corruption, subject, details);
                }
            }).run();
        }
        LocalRunWatch.Evidence local = watch == null ? LocalRunWatch.Evidence.NONE : watch.after(bracket);
        PathEvidence onPath = path.after(!result.reachable() || result.outcome() == PingPongResult.Outcome.FAIL
                || runAlarms.corrupted());
        result = result.with(onPath);
        runAlarms.amend(onPath);
        String onLocal = local.text().isEmpty() ? "" : "; " + local.text();
        String onFabric = onPath.known() ? "; " + onPath.text() : "";
        if (result.outcome() != PingPongResult.Outcome.UNSUPPORTED) {
            boolean missed = !result.reachable();
            alarms.observe(AlarmKind.PeerUnreachable, subject, missed, missed
                    ? peer + " missed a ping-pong run over " + name(transport) + ": " + result.reason() + onLocal
                    + onFabric
                    : peer + " answers " + name(transport) + " ping-pongs");
            if (!bracket.names().isEmpty()) {
                observeLocalPort(alarms, subject, peer.toString(), transport, result, local);
            }
        }
        observeCredits(alarms, subject, result);
        for (PingPongListener l : listeners) {
            l.onResult(result);
        }
        return result;
    }

    /**
     * One CreditStalls observation per RDS run over infiniband that sent traffic and read the kernel's counters: bad when
     * ib_tx_stalled or ib_tx_throttle moved. The alarm model's hysteresis turns "repeated" into the alarm.
     */
    static void observeCredits(AlarmSink alarms, String subject, PingPongResult result) {
        // Over tcp the ib_* counters are other sockets' traffic: nothing to say about this peer.
        if (result.rds().counted() && result.stats().sent() > 0 && result.transportInUse().equals("infiniband")) {
            boolean stalled = result.rds().stalled();
            alarms.observe(AlarmKind.CreditStalls, subject, stalled, stalled
                    ? "RDS sends to " + result.peer() + " stalled: " + result.rds().line()
                    : "RDS sends to " + result.peer() + " did not stall");
        }
    }

    /**
     * One ErrorThreshold observation per verbs or RDS run whose local port is known: bad when a transport error
     * counter of that port grew by its threshold or more during the run (lost packets, retries on the wire, even
     * when the run itself got through), or when the run failed and any of them grew at all; the details name the
     * port and every counter that moved.
     */
    static void observeLocalPort(AlarmSink alarms, String subject, String peer, Transport transport,
            PingPongResult result, LocalRunWatch.Evidence local) {
        boolean failed = result.outcome() == PingPongResult.Outcome.FAIL
                || result.outcome() == PingPongResult.Outcome.UNREACHABLE;
        boolean bad = local.breached() || failed && local.moved();
        alarms.observe(AlarmKind.ErrorThreshold, subject, bad, bad
                ? "ping-pong over " + name(transport) + " to " + peer + " (" + result.outcome().text()
                + (result.reason().isEmpty() ? "" : ": " + result.reason()) + "); " + local.text()
                : "");
    }

    /** Tells the listeners a probe finished its run against a named peer. */
    void probed(PeerRun run) {
        for (PingPongListener l : listeners) {
            l.onPeer(run);
        }
    }

    /** The configured terms, with a fresh session number; the memory mode is verbs' alone. */
    public Terms terms(Transport transport) {
        Terms t = new Terms(transport, random.nextInt(), config.listen().toString(),
                config.requestSize().toIntExact(), config.ackSize().toIntExact(), config.depth(), config.tasks(),
                config.duration()).counting(config.count());
        return transport == Transport.VERBS ? t.withMemory(config.memory(), config.serverInvalidate()) : t;
    }

    /**
     * Terms an operator chose (rds-stress's -q, -a, -d, -t, -T), with a fresh session number; the run lasts the
     * whole duration, as rds-stress -T does.
     *
     * @throws IllegalArgumentException when a responder would refuse them, saying which option to change
     */
    public Terms terms(Transport transport, int requestBytes, int ackBytes, int depth, int tasks, Duration duration) {
        Terms t = new Terms(transport, random.nextInt(), config.listen().toString(), requestBytes, ackBytes, depth,
                tasks, duration);
        // Verbs keeps the configured memory mode: the options are rds-stress's, which has none.
        t = transport == Transport.VERBS ? t.withMemory(config.memory(), config.serverInvalidate()) : t;
        String problem = t.problem();
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        return t;
    }

    /** How alarms name a peer over a transport: {@code pingpong rds 10.0.0.2:7472}. */
    public static String subject(Transport transport, String peer) {
        return "pingpong " + name(transport) + " " + peer;
    }

    /** rds, verbs or fabric: the transport's name in ObjectNames and texts. */
    public static String name(Transport transport) {
        return transport.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public synchronized void close() {
        if (responder != null) {
            responder.close();
            responder = null;
        }
    }
}
