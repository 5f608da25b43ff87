package io.fabrichealth.probes.pingpong.fabric;

import io.fabrichealth.jni.fabric.Endpoint;
import io.fabrichealth.jni.fabric.EventQueue;
import io.fabrichealth.jni.fabric.FabricDomain;
import io.fabrichealth.jni.fabric.FabricInfo;
import io.fabrichealth.jni.fabric.FabricInstance;
import io.fabrichealth.jni.fabric.PassiveEndpoint;
import io.fabrichealth.jni.fabric.Status;
import io.fabrichealth.probes.pingpong.Channel;
import io.fabrichealth.probes.pingpong.SessionPlane;
import io.fabrichealth.probes.pingpong.Terms;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * MSG: each passive task listens on a port of its own and accepts one connection from every active task; each
 * active task connects to every passive task. A task's connections share its channel's completion queue, and
 * a connection is a route. Addresses travel as "host:port" text.
 */
final class MsgSession implements SessionPlane {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final FabricPlane plane;
    private final boolean active;
    private final String host;
    private final Terms terms;
    private final List<Task> tasks = new ArrayList<>();
    private final List<FabricInfo> infos = new ArrayList<>();

    /** A passive task has a listener; an active task gets its fabric from its first connection's info. */
    private static final class Task {
        FabricInstance fabric;
        EventQueue eq;
        PassiveEndpoint pep;
        FabricChannel channel;
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
        infos.add(info);
        Task t = new Task();
        t.fabric = new FabricInstance(info);
        t.eq = new EventQueue(t.fabric);
        t.pep = new PassiveEndpoint(t.fabric, info);
        t.pep.bind(t.eq);
        t.pep.listen();
        t.address = host + ":" + port(t.pep.name());
        FabricDomain domain = new FabricDomain(t.fabric, info);
        int tasks = terms.tasks();
        t.channel = new FabricChannel(t.fabric, domain, terms.maxMessageBytes(), tasks, terms.depth() + 2,
                tasks * terms.depth() + 4);
        return t;
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
            List<Connecting> all = new ArrayList<>();
            for (int t = 0; t < terms.tasks(); t++) {
                all.add(new Connecting(tasks.get(t), pending.get(t), null, pending.get(t).size()));
            }
            awaitAll(all, "connecting to the responder's " + addresses.size() + " task(s)");
            for (int t = 0; t < terms.tasks(); t++) {
                for (Endpoint ep : pending.get(t)) {
                    tasks.get(t).channel.addEndpoint(ep); // routes are the passive tasks, in order
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
            infos.add(info);
            if (t.fabric == null) {
                t.fabric = new FabricInstance(info);
                t.eq = new EventQueue(t.fabric);
                t.channel = new FabricChannel(t.fabric, new FabricDomain(t.fabric, info), terms.maxMessageBytes(),
                        addresses.size(), terms.depth() + 2, addresses.size() * terms.depth() + 4);
            }
            Endpoint ep = new Endpoint(t.channel.domain(), info);
            ep.bind(t.eq);
            ep.bind(t.channel.cq(), Endpoint.BIND_TRANSMIT | Endpoint.BIND_RECV);
            ep.enable();
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
        List<Connecting> all = new ArrayList<>();
        for (Task t : tasks) {
            all.add(new Connecting(t, new ArrayList<>(), t.channel.domain(), terms.tasks()));
        }
        awaitAll(all, "accepting the initiator's " + terms.tasks() + " task(s)");
    }

    /**
     * One task's connections coming up. Passive ({@code domain} set): accepts {@code want} requests, adding each
     * endpoint to the channel once connected; active: waits for the endpoints in {@code pending}.
     */
    private final class Connecting {
        final Task task;
        final List<Endpoint> pending;
        final FabricDomain domain;
        final int want;
        final java.util.Set<Integer> up = new java.util.HashSet<>();

        Connecting(Task task, List<Endpoint> pending, FabricDomain domain, int want) {
            this.task = task;
            this.pending = pending;
            this.domain = domain;
            this.want = want;
        }

        boolean done() {
            return up.size() == want;
        }

        void step(String what) {
            EventQueue.Event e = task.eq.read(Duration.ofMillis(5));
            if (e == null) {
                return;
            }
            if (e.type() == EventQueue.FI_CONNREQ && domain != null && e.info() != null) {
                infos.add(e.info());
                Endpoint ep = new Endpoint(domain, e.info());
                ep.bind(task.eq);
                ep.bind(task.channel.cq(), Endpoint.BIND_TRANSMIT | Endpoint.BIND_RECV);
                ep.enable();
                ep.accept();
                pending.add(ep);
                return;
            }
            if (e.info() != null) {
                e.info().close();
            }
            if (e.type() == EventQueue.ERROR) {
                throw new IllegalStateException(what + " failed: " + Status.describe(e.status()));
            }
            if (e.type() == EventQueue.FI_CONNECTED) {
                for (int i = 0; i < pending.size(); i++) {
                    if (pending.get(i).isFid(e.fid()) && up.add(i) && domain != null) {
                        task.channel.addEndpoint(pending.get(i)); // after FI_CONNECTED: sockets drops earlier receives
                    }
                }
            }
        }
    }

    /** Drives every task's event queue in turn: a provider may progress a listener only when its queue is read. */
    private static void awaitAll(List<Connecting> all, String what) {
        long deadline = System.nanoTime() + CONNECT_TIMEOUT.toNanos();
        while (!all.stream().allMatch(Connecting::done)) {
            if (System.nanoTime() > deadline) {
                int up = all.stream().mapToInt(c -> c.up.size()).sum();
                int want = all.stream().mapToInt(c -> c.want).sum();
                throw new IllegalStateException(what + ": " + up + " of " + want + " connections within "
                        + CONNECT_TIMEOUT.toSeconds() + " s");
            }
            for (Connecting c : all) {
                if (!c.done()) {
                    c.step(what);
                }
            }
        }
    }

    @Override
    public Channel channel(int task) {
        return tasks.get(task).channel;
    }

    @Override
    public String transportInUse() {
        return infos.isEmpty() ? "" : infos.get(0).provider() + " MSG";
    }

    @Override
    public void close() {
        for (Task t : tasks) {
            if (t.channel != null) {
                t.channel.close();
            }
            if (t.fabric != null) {
                t.fabric.close();
            }
        }
        tasks.clear();
        for (FabricInfo i : infos) {
            i.close();
        }
        infos.clear();
    }
}
