package io.fabrichealth.probes.pingpong;

import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.Transport;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The active side of one run: negotiates over the control connection, runs the tasks, collects the responder's
 * counts, and judges the run. Corrupted acks go to the {@link CorruptionSink} as they are found.
 */
final class PingPongInitiator {
    static final int CONNECT_TIMEOUT_MILLIS = 3_000;
    private static final int WELCOME_TIMEOUT_MILLIS = 15_000;

    private final Terms terms;
    private final HostPort peer;
    private final String localHost;
    private final DataPlane plane;
    private final CorruptionSink corruptions;
    private final List<String> shown = new CopyOnWriteArrayList<>();

    /** @param localHost this agent's own address (pingpong.listen's host): the control and data paths start there */
    PingPongInitiator(Terms terms, HostPort peer, String localHost, DataPlane plane, CorruptionSink corruptions) {
        this.terms = terms;
        this.peer = peer;
        this.localHost = localHost;
        this.plane = plane;
        this.corruptions = new CorruptionSink() {
            @Override
            public void corrupted(String direction, int task, long seq, Mismatch m) {
                show(m.describe(peer.toString(), PingPongService.name(plane.transport()), direction, task, seq));
                corruptions.corrupted(direction, task, seq, m);
            }

            @Override
            public void damaged(String details) {
                show(details);
                corruptions.damaged(details);
            }
        };
    }

    private void show(String corruption) {
        if (shown.size() < PingPongResult.SHOWN) {
            shown.add(corruption);
        }
    }

    PingPongResult run() {
        Instant at = Instant.now();
        Transport transport = plane.transport();
        String unavailable = plane.unavailability();
        if (unavailable != null) {
            return PingPongResult.notRun(peer.toString(), transport, PingPongResult.Outcome.UNSUPPORTED, unavailable, at);
        }
        RunCounters counters = plane.countersBefore();
        PingPongResult result = run(at, transport);
        // After the data path closed: what the kernel did for this run, its last acks included.
        return counters == null ? result : result.with(counters.after(result.stats().sent(), result.transportInUse()));
    }

    private PingPongResult run(Instant at, Transport transport) {
        ControlLink link;
        try {
            link = ControlLink.connect(new InetSocketAddress(peer.host(), peer.port()),
                    java.net.InetAddress.getByName(localHost), CONNECT_TIMEOUT_MILLIS);
        } catch (IOException e) {
            return PingPongResult.notRun(peer.toString(), transport, PingPongResult.Outcome.UNREACHABLE,
                    "no control connection to " + peer + " (" + e.getMessage() + "); is the peer's agent running "
                            + "with pingpong.listen " + peer + "?", at);
        }
        try (link; SessionPlane sp = plane instanceof LoopPlane ? null
                : plane.open(true, link.socket().getLocalAddress(), terms)) {
            return sp == null ? looped(link, (LoopPlane) plane, at, transport) : negotiated(link, sp, at, transport);
        } catch (ControlLink.RefusedException e) {
            // The peer's word, checked by its CRC: "cannot serve this transport" is its statement to report;
            // anything else it refused (our terms, its own error) fails the run.
            return PingPongResult.notRun(peer.toString(), transport, e.code() == PingPongResponder.REFUSED_UNSUPPORTED
                    ? PingPongResult.Outcome.REFUSED : PingPongResult.Outcome.FAIL, "the peer refused: " + e.getMessage(), at);
        } catch (ControlLink.DamagedException e) {
            corruptions.damaged(e.getMessage());
            return PingPongResult.notRun(peer.toString(), transport, PingPongResult.Outcome.FAIL,
                    "Corruption: " + e.getMessage(), at);
        } catch (ControlLink.DamagedByPeerException e) {
            return PingPongResult.notRun(peer.toString(), transport, PingPongResult.Outcome.FAIL, e.getMessage(), at);
        } catch (IOException e) {
            return PingPongResult.notRun(peer.toString(), transport, PingPongResult.Outcome.UNREACHABLE,
                    "negotiation with " + peer + " failed: " + e.getMessage(), at);
        } catch (RuntimeException e) {
            // The data path could not be set up or broke (a refused data connection, a provider error): the run
            // fails and says why, instead of escaping the service and leaving the MBean with the last result.
            return PingPongResult.notRun(peer.toString(), transport, PingPongResult.Outcome.FAIL,
                    "the run against " + peer + " stopped: " + e.getMessage(), at);
        }
    }

    private PingPongResult negotiated(ControlLink link, SessionPlane sp, Instant at, Transport transport)
            throws IOException {
        link.timeout(WELCOME_TIMEOUT_MILLIS);
        link.send(ControlLink.HELLO, out -> {
            terms.write(out);
            ControlLink.writeAddresses(out, sp.localAddresses());
        });
        ControlLink.Frame welcome = link.receive().expect(ControlLink.WELCOME, "WELCOME");
        List<byte[]> passive = ControlLink.readAddresses(welcome.body());
        if (passive.size() != terms.tasks()) {
            throw new IOException("the responder offered " + passive.size() + " task addresses for " + terms.tasks()
                    + " tasks");
        }
        sp.peers(passive);
        AtomicBoolean abort = new AtomicBoolean();
        List<ActiveTask> tasks = new ArrayList<>();
        for (int t = 0; t < terms.tasks(); t++) {
            tasks.add(new ActiveTask(terms, t, sp.channel(t), terms.tasks(), corruptions, abort));
        }
        runAll(tasks, abort);
        TaskStats total = new TaskStats();
        long nanos = 0;
        String taskFailure = null;
        for (ActiveTask t : tasks) {
            total.add(t.stats);
            nanos = Math.max(nanos, t.elapsedNanos());
            taskFailure = taskFailure != null ? taskFailure : t.failure();
        }
        PingPongStats stats = PingPongStats.of(total, nanos, 0,
                Second.merge(tasks.stream().map(t -> t.seconds).toList()));
        Counts counts = counts(link, total.sent);
        ResponderCounts responder = counts.responder();
        String lostPeer = counts.lostPeer();
        String damaged = counts.damaged();
        String inUse = sp.transportInUse();
        PingPongResult result = judge(at, transport, stats, responder, lostPeer, inUse);
        taskFailure = damaged != null ? damaged + (taskFailure == null ? "" : "; " + taskFailure) : taskFailure;
        if (taskFailure == null) {
            return result;
        }
        return new PingPongResult(result.peer(), transport, PingPongResult.Outcome.FAIL, taskFailure
                + (result.reason().isEmpty() ? "" : "; " + result.reason()), at, stats, result.responder(), inUse,
                result.reachable(), result.corruptions(), result.counters(), RdsCredits.NONE);
    }

    /** What the responder said at the end of a run: its counts, or why they are missing. */
    private record Counts(ResponderCounts responder, String lostPeer, String damaged) {
    }

    /** DONE with what this side sent, then the responder's RESULT; a damaged frame is a Corruption. */
    private Counts counts(ControlLink link, long sent) {
        try {
            link.timeout(5_000);
            link.send(ControlLink.DONE, out -> out.writeLong(sent));
            return new Counts(ResponderCounts.read(link.receive().expect(ControlLink.RESULT, "RESULT").body()), null,
                    null);
        } catch (ControlLink.DamagedException e) {
            corruptions.damaged(e.getMessage());
            return new Counts(null, null, "Corruption: " + e.getMessage());
        } catch (ControlLink.DamagedByPeerException e) {
            return new Counts(null, null, e.getMessage());
        } catch (IOException e) {
            return new Counts(null, "the responder did not return its counts (" + e.getMessage() + ")", null);
        }
    }

    /** A loop transport: the server's address comes in WELCOME, the plane runs the loop, RESULT has its counts. */
    private PingPongResult looped(ControlLink link, LoopPlane loop, Instant at, Transport transport) throws IOException {
        String cannot = loop.unavailability(true, link.socket().getLocalAddress(), terms);
        if (cannot != null) {
            return PingPongResult.notRun(peer.toString(), transport, PingPongResult.Outcome.UNSUPPORTED, cannot, at);
        }
        link.timeout(WELCOME_TIMEOUT_MILLIS);
        link.send(ControlLink.HELLO, out -> {
            terms.write(out);
            ControlLink.writeAddresses(out, List.of());
        });
        List<byte[]> server = ControlLink.readAddresses(link.receive().expect(ControlLink.WELCOME, "WELCOME").body());
        if (server.size() != 1) {
            throw new IOException("the responder offered " + server.size() + " addresses for one loop server");
        }
        LoopReport report = loop.run(link.socket().getLocalAddress(), server.get(0), terms, corruptions);
        TaskStats total = new TaskStats();
        total.sent = report.iterations();
        total.acked = report.completed();
        total.lost = report.lost();
        total.corrupt = report.corrupt();
        total.verifiedBytes = report.verifiedBytes();
        total.rtt.add(report.rttNanos());
        total.sendCalls = report.sendCalls();
        total.sendNanos = report.sendNanos();
        total.txBytes = report.txBytes();
        total.rxBytes = report.rxBytes();
        Counts counts = counts(link, total.sent);
        ResponderCounts responder = counts.responder();
        String lostPeer = counts.lostPeer();
        String damaged = counts.damaged();
        Map<String, Long> counters = new LinkedHashMap<>();
        report.counters().forEach((k, v) -> counters.put("client." + k, v));
        long rdma = 0;
        if (responder != null) {
            for (Map.Entry<String, Long> e : responder.counters().entrySet()) {
                counters.put("server." + e.getKey(), e.getValue());
                rdma += e.getKey().startsWith("rdma_") && e.getKey().endsWith("_bytes") ? e.getValue() : 0;
            }
        }
        PingPongStats stats = PingPongStats.of(total, report.nanos(), rdma);
        PingPongResult r = judge(at, transport, stats, responder, lostPeer, report.transportInUse());
        String failure = damaged != null ? damaged + (report.failure() == null ? "" : "; " + report.failure())
                : report.failure();
        String reason = failure == null ? r.reason() : failure + (r.reason().isEmpty() ? "" : "; " + r.reason());
        return new PingPongResult(r.peer(), transport, failure == null ? r.outcome()
                : PingPongResult.Outcome.FAIL, reason, at, stats, r.responder(), r.transportInUse(), r.reachable(),
                r.corruptions(), Map.copyOf(counters), RdsCredits.NONE);
    }

    private void runAll(List<ActiveTask> tasks, AtomicBoolean abort) {
        if (tasks.size() == 1) {
            tasks.get(0).run();
            return;
        }
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < tasks.size(); i++) {
            Thread th = new Thread(tasks.get(i), "pingpong-active-" + i);
            th.setDaemon(true);
            th.start();
            threads.add(th);
        }
        long limit = terms.duration().plusNanos(ActiveTask.ACK_TIMEOUT_NANOS).plusSeconds(10).toMillis();
        long deadline = System.currentTimeMillis() + limit;
        for (Thread th : threads) {
            try {
                th.join(Math.max(1, deadline - System.currentTimeMillis()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                abort.set(true);
            }
        }
        abort.set(true);
        for (Thread th : threads) {
            try {
                th.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private PingPongResult judge(Instant at, Transport transport, PingPongStats stats, ResponderCounts responder,
            String lostPeer, String inUse) {
        ResponderCounts r = responder != null ? responder : ResponderCounts.NONE;
        boolean reachable = lostPeer == null && stats.acked() > 0;
        List<String> problems = new ArrayList<>();
        long corrupt = stats.corruptions() + r.corrupt();
        if (corrupt > 0) {
            problems.add(corrupt + " corrupted payload(s)");
        }
        if (lostPeer != null) {
            problems.add(lostPeer);
        } else if (stats.acked() == 0) {
            problems.add("no request was acked");
        }
        if (stats.lost() > 0) {
            problems.add(stats.lost() + " request(s) lost");
        }
        if (stats.malformed() > 0) {
            problems.add(stats.malformed() + " malformed ack(s) " + stats.malformedByKind());
        }
        PingPongResult.Outcome outcome = !reachable ? PingPongResult.Outcome.UNREACHABLE
                : problems.isEmpty() ? PingPongResult.Outcome.OK : PingPongResult.Outcome.FAIL;
        if (corrupt > 0) {
            outcome = PingPongResult.Outcome.FAIL;
        }
        return new PingPongResult(peer.toString(), transport, outcome, String.join("; ", problems), at, stats, r,
                inUse, reachable, List.copyOf(shown), r.counters(), RdsCredits.NONE);
    }
}
