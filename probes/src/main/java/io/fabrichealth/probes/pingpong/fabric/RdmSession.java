package io.fabrichealth.probes.pingpong.fabric;

import io.fabrichealth.jni.fabric.Endpoint;
import io.fabrichealth.jni.fabric.FabricInfo;
import io.fabrichealth.jni.fabric.FabricInstance;
import io.fabrichealth.probes.pingpong.Channel;
import io.fabrichealth.probes.pingpong.SessionPlane;
import io.fabrichealth.probes.pingpong.Terms;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** RDM: per task an endpoint of its own on the control connection's address; peers are address-vector entries. */
final class RdmSession implements SessionPlane {
    private final List<Task> tasks = new ArrayList<>();

    private record Task(FabricInfo info, Endpoint ep, FabricChannel channel) {
    }

    private RdmSession() {
    }

    static RdmSession open(FabricPlane plane, String host, Terms terms) {
        RdmSession s = new RdmSession();
        try {
            for (int t = 0; t < terms.tasks(); t++) {
                s.tasks.add(openTask(plane, host, terms));
            }
            return s;
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
    }

    private static Task openTask(FabricPlane plane, String host, Terms terms) {
        // RDM listeners must name their address (a NULL node binds eth0): the control connection's own address.
        FabricInfo info = FabricInfo.get(plane.hints().sourceAt(host, 0));
        FabricInstance fabric = null;
        try {
            fabric = new FabricInstance(info);
            int inFlight = terms.depth() * terms.tasks();
            FabricChannel channel = new FabricChannel(fabric, info, null, terms.maxMessageBytes(), 1, inFlight + 4,
                    inFlight + 4, terms.tasks());
            channel.session().keep(info);
            try {
                Endpoint ep = channel.session().openEndpoint(info);
                channel.session().attach(ep);
                return new Task(info, ep, channel);
            } catch (RuntimeException e) {
                channel.close();
                throw e;
            }
        } catch (RuntimeException e) {
            if (fabric != null) {
                fabric.close();
            }
            info.close();
            throw e;
        }
    }

    @Override
    public List<byte[]> localAddresses() {
        return tasks.stream().map(t -> t.ep().name()).toList();
    }

    @Override
    public void peers(List<byte[]> addresses) {
        for (Task t : tasks) {
            long[] routes = new long[addresses.size()];
            for (int i = 0; i < routes.length; i++) {
                routes[i] = t.channel().session().insert(addresses.get(i));
            }
            t.channel().routes(routes);
        }
    }

    @Override
    public void awaitReady(Duration timeout) {
    }

    @Override
    public Channel channel(int task) {
        return tasks.get(task).channel();
    }

    @Override
    public String transportInUse() {
        return tasks.isEmpty() ? "" : tasks.get(0).info().provider() + " RDM";
    }

    /** Each task's session quiesces and closes its fabric and info. */
    @Override
    public void close() {
        for (Task t : tasks) {
            t.channel().close();
        }
        tasks.clear();
    }
}
