package io.fabrichealth.probes.pingpong.fabric;

import io.fabrichealth.jni.fabric.AddressVector;
import io.fabrichealth.jni.fabric.Endpoint;
import io.fabrichealth.jni.fabric.FabricDomain;
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
    private final FabricPlane plane;
    private final List<Task> tasks = new ArrayList<>();

    private record Task(FabricInfo info, FabricInstance fabric, AddressVector av, Endpoint ep, FabricChannel channel) {
    }

    private RdmSession(FabricPlane plane) {
        this.plane = plane;
    }

    static RdmSession open(FabricPlane plane, String host, Terms terms) {
        RdmSession s = new RdmSession(plane);
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
            FabricDomain domain = new FabricDomain(fabric, info);
            int inFlight = terms.depth() * terms.tasks();
            FabricChannel channel = new FabricChannel(fabric, domain, terms.maxMessageBytes(), 1, inFlight + 4,
                    inFlight + 4);
            AddressVector av = new AddressVector(domain, terms.tasks());
            Endpoint ep = new Endpoint(domain, info);
            ep.bind(av);
            ep.bind(channel.cq(), Endpoint.BIND_TRANSMIT | Endpoint.BIND_RECV);
            ep.enable();
            channel.addEndpoint(ep);
            return new Task(info, fabric, av, ep, channel);
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
                routes[i] = t.av().insert(addresses.get(i));
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

    @Override
    public void close() {
        for (Task t : tasks) {
            t.channel().close();
            t.fabric().close();
            t.info().close();
        }
        tasks.clear();
    }
}
