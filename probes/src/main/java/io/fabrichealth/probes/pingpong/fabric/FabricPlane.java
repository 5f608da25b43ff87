package io.fabrichealth.probes.pingpong.fabric;

import io.fabrichealth.config.Transport;
import io.fabrichealth.jni.NativeFamily;
import io.fabrichealth.jni.NativeException;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.jni.fabric.FabricHints;
import io.fabrichealth.jni.fabric.FabricInfo;
import io.fabrichealth.jni.fabric.Flags;
import io.fabrichealth.probes.pingpong.DataPlane;
import io.fabrichealth.probes.pingpong.SessionPlane;
import io.fabrichealth.probes.pingpong.Terms;
import io.fabrichealth.probes.session.FabricEndpoints;
import java.net.InetAddress;

/**
 * The ping-pong over libfabric, with the provider and endpoint type of the bursts config: MSG (a connection
 * from every active task to every passive task) or RDM (one endpoint per task, peers in an address vector).
 * It runs wherever libfabric does, which makes it the transport CI exercises on loopback.
 */
public final class FabricPlane implements DataPlane {
    private final String provider;
    private final EndpointType type;
    private volatile String unavailability;
    private volatile boolean checked;

    public FabricPlane(String provider, EndpointType type) {
        this.provider = provider;
        this.type = type;
    }

    @Override
    public Transport transport() {
        return Transport.FABRIC;
    }

    FabricHints hints() {
        return new FabricHints(provider, FabricEndpoints.fiType(type), Flags.FI_MSG, FabricHints.MR_MODES_HANDLED, null, null, false, 0, 0);
    }

    String description() {
        return provider + " " + type;
    }

    @Override
    public String unavailability() {
        if (!checked) {
            unavailability = check();
            checked = true;
        }
        return unavailability;
    }

    private String check() {
        if (!NativeFamily.FABRIC.available()) {
            return "libfabric is not available: " + NativeFamily.FABRIC.cause();
        }
        try (FabricInfo info = FabricInfo.get(hints())) {
            return null;
        } catch (NativeException e) {
            return "provider '" + provider + "' offers no " + type + " endpoint with FI_MSG here (" + e.getMessage()
                    + ")";
        }
    }

    @Override
    public SessionPlane open(boolean active, InetAddress local, Terms terms) {
        String host = local.getHostAddress();
        return type == EndpointType.RDM ? RdmSession.open(this, host, terms) : MsgSession.open(this, active, host, terms);
    }
}
