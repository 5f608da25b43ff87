package io.fabrichealth.probes.session;

import io.fabrichealth.jni.fabric.Endpoint;
import io.fabrichealth.jni.fabric.EventQueue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * MSG connections of one session coming up. Accepting: takes {@code want} connection requests off the session's
 * event queue, and attaches each endpoint once it is connected. Waiting: the endpoints already connecting or
 * accepted come up; the caller attaches them (in its own route order).
 */
public final class Connections {
    private final FabricSession session;
    private final List<Endpoint> pending;
    private final boolean accepting;
    private final int want;
    private final Set<Integer> up = new HashSet<>();

    private Connections(FabricSession session, List<Endpoint> pending, boolean accepting, int want) {
        this.session = session;
        this.pending = pending;
        this.accepting = accepting;
        this.want = want;
    }

    /** Accepts {@code want} requests arriving on the session's event queue (a listener's). */
    public static Connections accepting(FabricSession session, int want) {
        return new Connections(session, new ArrayList<>(), true, want);
    }

    /** Waits for FI_CONNECTED on each of {@code endpoints}. */
    public static Connections waiting(FabricSession session, List<Endpoint> endpoints) {
        return new Connections(session, endpoints, false, endpoints.size());
    }

    /** A connection that did not come up: the event queue's error, or none within the time. */
    public static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int status;
        private final int up;
        private final int want;

        Failure(int status, int up, int want) {
            super(status != 0 ? "connection error " + status : up + " of " + want + " connections");
            this.status = status;
            this.up = up;
            this.want = want;
        }

        /** The negative error from the event queue, or 0 when the time ran out. */
        public int status() {
            return status;
        }

        public int up() {
            return up;
        }

        public int want() {
            return want;
        }
    }

    boolean done() {
        return up.size() == want;
    }

    private void step() {
        EventQueue.Event e = session.eventQueue().read(Duration.ofMillis(5));
        if (e == null) {
            return;
        }
        if (e.type() == EventQueue.FI_CONNREQ && accepting && e.info() != null) {
            session.keep(e.info());
            Endpoint ep = session.openEndpoint(e.info());
            ep.accept();
            pending.add(ep);
            return;
        }
        if (e.info() != null) {
            e.info().close();
        }
        if (e.type() == EventQueue.ERROR) {
            throw new Failure(e.status(), 0, 0);
        }
        if (e.type() == EventQueue.FI_CONNECTED) {
            for (int i = 0; i < pending.size(); i++) {
                if (pending.get(i).isFid(e.fid()) && up.add(i) && accepting) {
                    session.attach(pending.get(i)); // after FI_CONNECTED: sockets drops earlier receives
                }
            }
        }
    }

    /** Drives every session's event queue in turn: a provider may progress a listener only when its queue is read. */
    public static void awaitAll(List<Connections> all, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!all.stream().allMatch(Connections::done)) {
            if (System.nanoTime() > deadline) {
                int up = all.stream().mapToInt(c -> c.up.size()).sum();
                int want = all.stream().mapToInt(c -> c.want).sum();
                throw new Failure(0, up, want);
            }
            for (Connections c : all) {
                if (!c.done()) {
                    c.step();
                }
            }
        }
    }
}
