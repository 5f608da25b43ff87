package io.fabrichealth.probes.pingpong.rds;

import io.fabrichealth.config.Transport;
import io.fabrichealth.jni.NativeFamily;
import io.fabrichealth.jni.Rds;
import io.fabrichealth.probes.pingpong.DataPlane;
import io.fabrichealth.probes.pingpong.RunCounters;
import io.fabrichealth.probes.pingpong.SessionPlane;
import io.fabrichealth.probes.pingpong.Terms;
import java.net.Inet4Address;
import java.net.InetAddress;

/**
 * The ping-pong over AF_RDS, as rds-stress runs it: one socket per task bound to the address the control
 * connection uses (so RDS picks the transport that serves it: tcp, or infiniband through rds_rdma), with send and
 * receive buffers sized to the messages in flight.
 */
public final class RdsPlane implements DataPlane {
    @Override
    public Transport transport() {
        return Transport.RDS;
    }

    @Override
    public String unavailability() {
        if (!NativeFamily.RDS.available()) {
            return "the rds native family is not available: " + NativeFamily.RDS.cause();
        }
        int support = Rds.kernelSupport();
        return support == 0 ? null : Rds.describeKernelSupport(support);
    }

    @Override
    public SessionPlane open(boolean active, InetAddress local, Terms terms) {
        if (!(local instanceof Inet4Address)) {
            throw new IllegalArgumentException("RDS ping-pongs run over IPv4; the control connection uses " + local
                    + ": name the peer by an IPv4 address");
        }
        return RdsSession.open(active, (Inet4Address) local, terms);
    }

    /** RDS_INFO_COUNTERS before the run; after it, every counter's change and what it says of credits. */
    @Override
    public RunCounters countersBefore() {
        return RdsStack.before();
    }
}
