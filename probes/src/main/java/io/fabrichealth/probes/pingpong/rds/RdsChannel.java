package io.fabrichealth.probes.pingpong.rds;

import io.fabrichealth.jni.rds.RdsSocket;
import io.fabrichealth.probes.pingpong.Channel;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A task's RDS socket as a channel: sendmsg copies, so one send slot and one receive slot suffice. A message from
 * an address the session does not know is reported as {@link Channel#ROUTE_UNKNOWN}.
 */
final class RdsChannel implements Channel {
    private final RdsSocket socket;
    private final int localAddress;
    private final int capacity;
    private final ByteBuffer buffer;
    private final int sendOffset;
    private int[] ips = new int[0];
    private int[] ports = new int[0];
    private int length;
    private int route;
    private long rejected;

    RdsChannel(RdsSocket socket, int localAddress, int maxMessageBytes) {
        this.socket = socket;
        this.localAddress = localAddress;
        this.capacity = maxMessageBytes;
        this.sendOffset = (maxMessageBytes + 63) & ~63;
        this.buffer = ByteBuffer.allocateDirect(2 * sendOffset).order(ByteOrder.LITTLE_ENDIAN);
    }

    RdsSocket socket() {
        return socket;
    }

    /** The bound IPv4 address (host order), as the session's control connection chose it. */
    int localAddress() {
        return localAddress;
    }

    void routes(int[] ips, int[] ports) {
        this.ips = ips.clone();
        this.ports = ports.clone();
    }

    @Override
    public ByteBuffer buffer() {
        return buffer;
    }

    @Override
    public int claimSend(int timeoutMillis) {
        return sendOffset;
    }

    @Override
    public boolean send(int route, int offset, int length) {
        return socket.send(buffer, offset, length, ips[route], ports[route]) != RdsSocket.WOULD_BLOCK;
    }

    @Override
    public int receive(int timeoutMillis) {
        while (true) {
            int n = socket.receive(buffer, 0, capacity);
            if (n == RdsSocket.WOULD_BLOCK) {
                if (timeoutMillis <= 0 || socket.poll(RdsSocket.POLLIN, timeoutMillis) == 0) {
                    return -1;
                }
                timeoutMillis = 0; // one wait per call: the caller checks its deadlines in between
                continue;
            }
            if (socket.truncated()) {
                rejected++; // longer than any message of the session
                continue;
            }
            length = n;
            route = routeOf(socket.sourceAddress(), socket.sourcePort());
            return 0;
        }
    }

    private int routeOf(int ip, int port) {
        for (int i = 0; i < ips.length; i++) {
            if (ips[i] == ip && ports[i] == port) {
                return i;
            }
        }
        return ROUTE_UNKNOWN;
    }

    @Override
    public int receivedLength() {
        return length;
    }

    @Override
    public int receivedRoute() {
        return route;
    }

    @Override
    public long rejected() {
        return rejected;
    }

    @Override
    public void close() {
        socket.close();
    }
}
