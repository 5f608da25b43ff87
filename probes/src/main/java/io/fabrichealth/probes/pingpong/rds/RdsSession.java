package io.fabrichealth.probes.pingpong.rds;

import io.fabrichealth.jni.rds.RdsSocket;
import io.fabrichealth.probes.pingpong.Channel;
import io.fabrichealth.probes.pingpong.SessionPlane;
import io.fabrichealth.probes.pingpong.Terms;
import java.net.Inet4Address;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** One side's RDS sockets for a session; addresses travel as 4 bytes of IPv4 and 2 of port. */
final class RdsSession implements SessionPlane {
    private final List<RdsChannel> channels = new ArrayList<>();

    static RdsSession open(boolean active, Inet4Address local, Terms terms) {
        RdsSession s = new RdsSession();
        long inFlight = (long) terms.depth() * terms.tasks();
        int send = (int) Math.min(Integer.MAX_VALUE / 2, inFlight * (active ? terms.requestBytes() : terms.ackBytes()));
        int receive = (int) Math.min(Integer.MAX_VALUE / 2, inFlight * (active ? terms.ackBytes() : terms.requestBytes()));
        try {
            for (int t = 0; t < terms.tasks(); t++) {
                RdsSocket socket = RdsSocket.open();
                try {
                    socket.buffers(send, receive);
                    socket.bind(local, 0);
                } catch (RuntimeException e) {
                    socket.close();
                    throw e;
                }
                s.channels.add(new RdsChannel(socket, RdsSocket.ipv4(local), terms.maxMessageBytes()));
            }
            return s;
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
    }

    @Override
    public List<byte[]> localAddresses() {
        List<byte[]> list = new ArrayList<>();
        for (RdsChannel c : channels) {
            ByteBuffer b = ByteBuffer.allocate(6);
            b.putInt(c.localAddress()).putShort((short) c.socket().localPort());
            list.add(b.array());
        }
        return list;
    }

    @Override
    public void peers(List<byte[]> addresses) {
        int[] ips = new int[addresses.size()];
        int[] ports = new int[addresses.size()];
        for (int i = 0; i < ips.length; i++) {
            ByteBuffer b = ByteBuffer.wrap(addresses.get(i));
            if (b.remaining() != 6) {
                throw new IllegalArgumentException("an RDS task address is 6 bytes, not " + b.remaining());
            }
            ips[i] = b.getInt();
            ports[i] = Short.toUnsignedInt(b.getShort());
        }
        for (RdsChannel c : channels) {
            c.routes(ips, ports);
        }
    }

    @Override
    public void awaitReady(Duration timeout) {
    }

    @Override
    public Channel channel(int task) {
        return channels.get(task);
    }

    /** SO_RDS_TRANSPORT of the bound sockets: "tcp" or "infiniband". */
    @Override
    public String transportInUse() {
        return channels.isEmpty() ? "" : RdsSocket.transportName(channels.get(0).socket().transport());
    }

    @Override
    public void close() {
        for (RdsChannel c : channels) {
            c.close();
        }
        channels.clear();
    }
}
