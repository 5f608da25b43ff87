package io.fabrichealth.probes.pingpong.fabric;

import io.fabrichealth.jni.fabric.Endpoint;
import io.fabrichealth.jni.fabric.EventQueue;
import io.fabrichealth.jni.fabric.FabricInfo;
import io.fabrichealth.jni.fabric.FabricInstance;
import io.fabrichealth.jni.fabric.PassiveEndpoint;
import io.fabrichealth.jni.fabric.Status;
import io.fabrichealth.probes.pingpong.Channel;
import io.fabrichealth.probes.pingpong.SessionPlane;
import io.fabrichealth.probes.pingpong.Terms;
import io.fabrichealth.probes.session.Connections;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * MSG: each passive task listens on a port of its own and accepts one connection from every active task; each
 * active task connects to every passive task. A task's connections share its channel's session (one completion
 * queue), and a connection is a route. Addresses travel as "host:port" text.
 */
final class MsgSession implements SessionPlane {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final FabricPlane plane;
    private final boolean active;
    private final String host;
    private final Terms terms;
    private final List<Task> tasks = new ArrayList<>();

    /** A passive task has a listener; an active task gets its fabric from its first connection's info. */
    private static final class Task {
        FabricChannel channel;
        PassiveEndpoint pep;
        String address = "";
    }

    private MsgSession(FabricPlane plane, boolean active, String host, Terms terms) {
        this.plane = plane;
        this.active = active;
        this.host = host;
        this.terms = terms;
    }

    static MsgSession open(FabricPlane plane, boolean active, String host, Terms terms) {
        MsgSession s = new MsgSession(plane, active, host, terms);
        if (!active) {
            try {
                for (int t = 0; t < terms.tasks(); t++) {
                    s.tasks.add(s.listen());
                }
            } catch (RuntimeException e) {
                s.close();
                throw e;
            }
        }
        return s;
    }

    private Task listen() {
        FabricInfo info = FabricInfo.get(plane.hints().sourceAt(host, 0));
        FabricInstance fabric = null;
        try {
            fabric = new FabricInstance(info);
            EventQueue eq = new EventQueue(fabric);
            Task t = new Task();
            t.pep = new PassiveEndpoint(fabric, info);
            t.pep.bind(eq);
            t.pep.listen();
            t.address = host + ":" + port(t.pep.name());
            int tasks = terms.tasks();
            t.channel = new FabricChannel(fabric, info, eq, terms.maxMessageBytes(), tasks, terms.depth() + 2,
                    tasks * terms.depth() + 4, 0);
            t.channel.session().keep(info);
            return t;
        } catch (RuntimeException e) {
            if (fabric != null) {
                fabric.close();
            }
            info.close();
            throw e;
        }
    }

    /** The port of a sockaddr_in or sockaddr_in6 (bytes 2..3, network order). */
    private static int port(byte[] sockaddr) {
        return (sockaddr[2] & 0xff) << 8 | sockaddr[3] & 0xff;
    }

    @Override
    public List<byte[]> localAddresses() {
        return tasks.stream().map(t -> t.address.getBytes(StandardCharsets.UTF_8)).toList();
    }

    @Override
    public void peers(List<byte[]> addresses) {
        if (!active) {
            return; // the passive side learns its peers from their connection requests
        }
        try {
            // Every connect is issued before any wait: each passive task waits for all active tasks.
            List<List<Endpoint>> pending = new ArrayList<>();
            for (int t = 0; t < terms.tasks(); t++) {
                Task task = new Task();
                tasks.add(task);
                pending.add(connect(task, addresses));
            }
            List<Connections> all = new ArrayList<>();
            for (int t = 0; t < terms.tasks(); t++) {
                all.add(Connections.waiting(tasks.get(t).channel.session(), pending.get(t)));
            }
            awaitAll(all, "connecting to the responder's " + addresses.size() + " task(s)");
            for (int t = 0; t < terms.tasks(); t++) {
                for (Endpoint ep : pending.get(t)) {
                    tasks.get(t).channel.session().attach(ep); // routes are the passive tasks, in order
                }
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    private List<Endpoint> connect(Task t, List<byte[]> addresses) {
        List<Endpoint> pending = new ArrayList<>();
        for (byte[] a : addresses) {
            String text = new String(a, StandardCharsets.UTF_8);
            int colon = text.lastIndexOf(':');
            FabricInfo info = FabricInfo.get(plane.hints().destination(text.substring(0, colon),
                    Integer.parseInt(text.substring(colon + 1))));
            if (t.channel == null) {
                FabricInstance fabric = null;
                try {
                    fabric = new FabricInstance(info);
                    t.channel = new FabricChannel(fabric, info, new EventQueue(fabric), terms.maxMessageBytes(),
                            addresses.size(), terms.depth() + 2, addresses.size() * terms.depth() + 4, 0);
                } catch (RuntimeException e) {
                    if (fabric != null) {
                        fabric.close();
                    }
                    info.close();
                    throw e;
                }
            }
            t.channel.session().keep(info);
            Endpoint ep = t.channel.session().openEndpoint(info);
            ep.connect(info);
            pending.add(ep);
        }
        return pending;
    }

    @Override
    public void awaitReady(Duration timeout) {
        if (active) {
            return;
        }
        List<Connections> all = new ArrayList<>();
        for (Task t : tasks) {
            all.add(Connections.accepting(t.channel.session(), terms.tasks()));
        }
        awaitAll(all, "accepting the initiator's " + terms.tasks() + " task(s)");
    }

    private static void awaitAll(List<Connections> all, String what) {
        try {
            Connections.awaitAll(all, CONNECT_TIMEOUT);
        } catch (Connections.Failure e) {
            if (e.status() != 0) {
                throw new IllegalStateException(what + " failed: " + Status.describe(e.status()));
            }
            throw new IllegalStateException(what + ": " + e.up() + " of " + e.want() + " connections within "
                    + CONNECT_TIMEOUT.toSeconds() + " s");
        }
    }

    @Override
    public Channel channel(int task) {
        return tasks.get(task).channel;
    }

    @Override
    public String transportInUse() {
        return tasks.isEmpty() || tasks.get(0).channel == null ? ""
                : tasks.get(0).channel.session().info().provider() + " MSG";
    }

    /** Each task's session quiesces and closes its fabric (the listener with it) and its infos. */
    @Override
    public void close() {
        for (Task t : tasks) {
            if (t.channel != null) {
                t.channel.close();
            }
        }
        tasks.clear();
    }
}
