package io.fabrichealth.probes.pingpong;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.Transport;
import io.fabrichealth.alarms.AlarmSink;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * This agent's passive side (every agent is passive for its peers): a TCP control listener on
 * {@code pingpong.listen}; each accepted connection negotiates one session, whose tasks answer requests over the
 * chosen transport until the initiator says DONE. Sessions of different peers run side by side; a session that
 * fails (malformed control frames, a transport that will not open) is refused or dropped alone.
 */
public final class PingPongResponder implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(PingPongResponder.class.getName());
    private static final int CONTROL_TIMEOUT_MILLIS = 10_000;
    static final byte REFUSED_UNSUPPORTED = 1;
    static final byte REFUSED_TERMS = 2;
    static final byte REFUSED_ERROR = 3;

    private final Map<Transport, DataPlane> planes;
    private final AlarmSink alarms;
    private final PingPongDrill drill;
    private final ServerSocket server;
    private final ExecutorService workers;
    private final Thread acceptor;
    private volatile boolean running = true;
    private final AtomicLong sessions = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong malformed = new AtomicLong();
    private final AtomicLong corrupt = new AtomicLong();
    private final AtomicLong requests = new AtomicLong();
    private final java.util.Set<ControlLink> links = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private PingPongResponder(ServerSocket server, Map<Transport, DataPlane> planes, AlarmSink alarms,
            PingPongDrill drill) {
        this.server = server;
        this.planes = Map.copyOf(planes);
        this.alarms = alarms;
        this.drill = drill;
        this.workers = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "pingpong-responder-session");
            t.setDaemon(true);
            return t;
        });
        this.acceptor = new Thread(this::accept, "pingpong-responder " + server.getLocalSocketAddress());
        this.acceptor.setDaemon(true);
    }

    /** Listens on {@code listen}; throws with what to change when the address cannot be bound. */
    public static PingPongResponder start(HostPort listen, Map<Transport, DataPlane> planes, AlarmSink alarms,
            PingPongDrill drill) {
        ServerSocket server = null;
        try {
            server = new ServerSocket();
            server.setReuseAddress(true);
            // No accept timeout: close() closes the socket, which ends a blocked accept. Waking up to poll a flag
            // would cost an idle agent CPU all day long.
            server.bind(new InetSocketAddress(listen.host(), listen.port()), 16);
        } catch (IOException e) {
            closeQuietly(server);
            throw new IllegalStateException("cannot listen for ping-pongs on " + listen + ": " + e.getMessage()
                    + "; set pingpong.listen to a free local address", e);
        }
        PingPongResponder r = new PingPongResponder(server, planes, alarms, drill);
        r.acceptor.start();
        return r;
    }

    public int port() {
        return server.getLocalPort();
    }

    public PingPongDrill drill() {
        return drill;
    }

    public long sessions() {
        return sessions.get();
    }

    public long refused() {
        return refused.get();
    }

    /** Messages dropped for a bad header (all sessions since start). */
    public long malformed() {
        return malformed.get();
    }

    public long corrupt() {
        return corrupt.get();
    }

    /** Requests with a sound header, all sessions since start. */
    public long requests() {
        return requests.get();
    }

    private void accept() {
        while (running) {
            try {
                Socket s = server.accept();
                workers.execute(() -> serve(s));
            } catch (IOException e) {
                if (running) {
                    LOG.log(Level.WARNING, "ping-pong responder accept failed", e);
                }
            } catch (java.util.concurrent.RejectedExecutionException e) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (ControlLink link = new ControlLink(socket, CONTROL_TIMEOUT_MILLIS)) {
            links.add(link);
            try {
                converse(link);
            } catch (ControlLink.OtherVersionException e) {
                refused.incrementAndGet();
                link.refuseVersion(e, REFUSED_TERMS);
                LOG.log(Level.INFO, "ping-pong session refused: {0}", e.getMessage());
            } catch (ControlLink.DamagedException e) {
                // The initiator's HELLO or DONE did not arrive as sent: a Corruption here, and the initiator is
                // told, so its run fails with the reason instead of waiting out a timeout.
                alarms.raise(AlarmKind.Corruption, "pingpong control " + e.from(), e.getMessage());
                LOG.log(Level.WARNING, "Corruption: {0}", e.getMessage());
                link.sendDamaged(e);
            }
        } catch (IOException | RuntimeException e) {
            if (running) {
                LOG.log(Level.INFO, "ping-pong session from {0} ended: {1}",
                        new Object[] {socket.getRemoteSocketAddress(), e.toString()});
            }
        } finally {
            links.removeIf(l -> l.socket() == socket);
        }
    }

    /** HELLO, then the session the terms ask for; a damaged frame ends it with a DamagedException. */
    private void converse(ControlLink link) throws IOException {
        ControlLink.Frame hello = link.receive().expect(ControlLink.HELLO, "HELLO");
        Terms terms;
        try {
            terms = Terms.read(hello.body());
        } catch (Terms.Unknown e) {
            refuse(link, REFUSED_TERMS, e.getMessage());
            return;
        }
        List<byte[]> activeAddresses = ControlLink.readAddresses(hello.body());
        String problem = terms.problem();
        DataPlane plane = planes.get(terms.transport());
        if (problem != null) {
            refuse(link, REFUSED_TERMS, problem);
            return;
        }
        String unavailable = plane == null ? "this agent does not serve " + terms.transport().name()
                .toLowerCase(java.util.Locale.ROOT) + " ping-pongs (pingpong.transports)" : plane.unavailability();
        if (unavailable != null) {
            refuse(link, REFUSED_UNSUPPORTED, unavailable);
            return;
        }
        if (plane instanceof LoopPlane loop) {
            String cannot = loop.unavailability(false, link.socket().getLocalAddress(), terms);
            if (cannot != null) {
                refuse(link, REFUSED_UNSUPPORTED, cannot);
                return;
            }
            runLoop(link, loop, terms);
        } else {
            runSession(link, plane, terms, activeAddresses);
        }
    }

    private void runSession(ControlLink link, DataPlane plane, Terms terms, List<byte[]> activeAddresses)
            throws IOException {
        SessionPlane sp;
        try {
            sp = plane.open(false, link.socket().getLocalAddress(), terms);
        } catch (RuntimeException e) {
            refuse(link, REFUSED_ERROR, "the responder could not open " + terms.transport() + " channels: " + e.getMessage());
            return;
        }
        sessions.incrementAndGet();
        CorruptionSink sink = corruptionSink(plane, terms);
        AtomicBoolean stop = new AtomicBoolean();
        List<PassiveTask> tasks = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        try {
            sp.peers(activeAddresses);
            link.send(ControlLink.WELCOME, out -> ControlLink.writeAddresses(out, sp.localAddresses()));
            sp.awaitReady(Duration.ofSeconds(10));
            long hardDeadline = System.nanoTime() + terms.duration().toNanos() + 30_000_000_000L;
            for (int t = 0; t < terms.tasks(); t++) {
                PassiveTask task = new PassiveTask(terms, t, sp.channel(t), sink, drill, stop, hardDeadline);
                Thread thread = new Thread(task, "pingpong-passive-" + t);
                thread.setDaemon(true);
                thread.start();
                tasks.add(task);
                threads.add(thread);
            }
            link.timeout((int) Math.min(Integer.MAX_VALUE, terms.duration().toMillis() + 30_000));
            ControlLink.Frame done = link.receive().expect(ControlLink.DONE, "DONE");
            stop.set(true);
            TaskStats total = count(tasks, threads);
            threads.clear();
            link.send(ControlLink.RESULT, ResponderCounts.of(total, sp.transportInUse())::write);
            done.body().close();
            awaitClose(link);
        } finally {
            // The task threads poll the session's channels: they stop before the channels close. Closing a
            // completion queue under a thread still reading it crashed the JVM inside libfabric.
            stop.set(true);
            count(tasks, threads);
            closeWhenIdle(sp, threads);
        }
    }

    private static void closeWhenIdle(AutoCloseable resource, List<Thread> threads) {
        if (threads.stream().anyMatch(Thread::isAlive)) {
            LOG.log(Level.SEVERE, "a ping-pong session thread did not stop in time; its channels are left open "
                    + "rather than closed under it");
            return;
        }
        try {
            resource.close();
        } catch (Exception e) {
            LOG.log(Level.WARNING, "closing a ping-pong session failed", e);
        }
    }

    /** Joins the task threads (none left: nothing to do) and adds what they counted to the responder's totals. */
    private TaskStats count(List<PassiveTask> tasks, List<Thread> threads) {
        TaskStats total = join(tasks, threads);
        malformed.addAndGet(total.malformedTotal());
        requests.addAndGet(total.received);
        return total;
    }

    /** A loop transport's session: its server in a thread of its own until DONE. */
    private void runLoop(ControlLink link, LoopPlane loop, Terms terms) throws IOException {
        LoopPlane.LoopServer server;
        CorruptionSink sink = corruptionSink(loop, terms);
        try {
            server = loop.listen(link.socket().getLocalAddress(), terms, drill, sink);
        } catch (RuntimeException e) {
            refuse(link, REFUSED_ERROR, "the responder could not listen for " + terms.transport() + ": "
                    + e.getMessage());
            return;
        }
        sessions.incrementAndGet();
        AtomicBoolean stop = new AtomicBoolean();
        long deadline = System.nanoTime() + terms.duration().toNanos() + 30_000_000_000L;
        java.util.concurrent.CompletableFuture<ResponderCounts> served = new java.util.concurrent.CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                served.complete(server.serve(stop, deadline));
            } catch (RuntimeException e) {
                served.completeExceptionally(e);
            }
        }, "pingpong-loop-server");
        thread.setDaemon(true);
        try {
            thread.start();
            link.send(ControlLink.WELCOME, out -> ControlLink.writeAddresses(out, List.of(server.address())));
            link.timeout((int) Math.min(Integer.MAX_VALUE, terms.duration().toMillis() + 30_000));
            link.receive().expect(ControlLink.DONE, "DONE");
            stop.set(true);
            ResponderCounts counts;
            try {
                counts = served.get(10, java.util.concurrent.TimeUnit.SECONDS);
            } catch (Exception e) {
                counts = ResponderCounts.NONE;
            }
            requests.addAndGet(counts.requests());
            link.send(ControlLink.RESULT, counts::write);
            awaitClose(link);
        } finally {
            stop.set(true);
            try {
                // A server still waiting for its client ends within the 10 s accept limit.
                thread.join(15_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            closeWhenIdle(server, List.of(thread));
        }
    }

    private CorruptionSink corruptionSink(DataPlane plane, Terms terms) {
        String subject = PingPongService.subject(plane.transport(), terms.identity());
        return new CorruptionSink() {
            @Override
            public void corrupted(String direction, int task, long seq, Mismatch m) {
                corrupt.incrementAndGet();
                alarms.raise(AlarmKind.Corruption, subject, m.describe(terms.identity(),
                        PingPongService.name(plane.transport()), direction, task, seq));
            }

            @Override
            public void damaged(String details) {
                alarms.raise(AlarmKind.Corruption, subject, details);
            }
        };
    }

    /** Keeps the channels open until the initiator hangs up: RDS drops what a closed socket has not sent. */
    private static void awaitClose(ControlLink link) {
        try {
            link.timeout(2_000);
            new DataInputStream(link.socket().getInputStream()).read();
        } catch (IOException e) {
            // timeout or reset: either way the initiator has what it needs
        }
    }

    private static TaskStats join(List<PassiveTask> tasks, List<Thread> threads) {
        TaskStats total = new TaskStats();
        for (int i = 0; i < threads.size(); i++) {
            try {
                threads.get(i).join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (!threads.get(i).isAlive()) {
                total.add(tasks.get(i).stats);
            }
        }
        return total;
    }

    private void refuse(ControlLink link, byte code, String why) throws IOException {
        refused.incrementAndGet();
        link.send(ControlLink.REFUSED, out -> {
            out.writeUTF(why);
            out.writeByte(code);
        });
    }

    @Override
    public void close() {
        running = false;
        closeQuietly(server);
        try {
            acceptor.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        links.forEach(ControlLink::close); // unblocks sessions waiting on their initiators
        workers.shutdownNow();
        try {
            // Sessions close their channels on the way out: let them, so nothing outlives the responder.
            workers.awaitTermination(15, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(ServerSocket s) {
        if (s != null) {
            try {
                s.close();
            } catch (IOException e) {
                // already closed
            }
        }
    }
}
