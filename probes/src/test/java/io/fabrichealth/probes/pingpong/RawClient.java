package io.fabrichealth.probes.pingpong;

import io.fabrichealth.config.HostPort;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * A client that negotiates like an initiator, then writes whatever it is told on the data path: sound requests
 * or deliberately broken ones. Holds one session open until {@link #close()}.
 */
final class RawClient implements AutoCloseable {
    final Terms terms;
    private final ControlLink link;
    private final SessionPlane plane;
    private final Channel channel;
    private final Header header = new Header();
    private final PayloadPattern pattern;

    RawClient(HostPort responder, DataPlane dataPlane, Terms terms) throws IOException {
        this.terms = terms;
        this.pattern = new PayloadPattern(terms.maxMessageBytes());
        this.link = ControlLink.connect(new InetSocketAddress(responder.host(), responder.port()), null, 3_000);
        this.plane = dataPlane.open(true, link.socket().getLocalAddress(), terms);
        link.send(ControlLink.HELLO, out -> {
            terms.write(out);
            ControlLink.writeAddresses(out, plane.localAddresses());
        });
        List<byte[]> passive = ControlLink.readAddresses(link.receive().expect(ControlLink.WELCOME, "WELCOME").body());
        plane.peers(passive);
        this.channel = plane.channel(0);
    }

    /** A sound request of the session; returns the buffer offset it was built at, before it is sent. */
    int build(long seq, int session) {
        int off = channel.claimSend(1_000);
        ByteBuffer b = channel.buffer();
        header.write(b, off, Header.REQUEST, 0, session, terms.requestBytes(), seq, 0, terms.ackBytes(), 0);
        pattern.fill(PayloadPattern.rotation(session, 0, seq, Header.REQUEST), b, off + Header.SIZE,
                terms.requestBytes() - Header.SIZE);
        return off;
    }

    ByteBuffer buffer() {
        return channel.buffer();
    }

    void send(int off, int length) {
        if (!channel.send(0, off, length)) {
            throw new AssertionError("the transport refused a send");
        }
    }

    /** The next message's header, decoded, or null when none came within {@code millis}. */
    Header receive(int millis) {
        int off = channel.receive(millis);
        if (off < 0) {
            return null;
        }
        Header h = new Header();
        HeaderProblem p = h.decode(channel.buffer(), off, channel.receivedLength(), terms.maxMessageBytes());
        if (p != null) {
            throw new AssertionError("the responder sent a malformed message: " + p.text());
        }
        int payload = channel.receivedLength() - Header.SIZE;
        int bad = pattern.firstMismatch(PayloadPattern.rotation(terms.session(), h.task(), h.seq(), Header.ACK),
                channel.buffer(), off + Header.SIZE, payload);
        if (bad >= 0) {
            throw new AssertionError("ack payload differs at offset " + bad);
        }
        return h;
    }

    /** DONE, then the responder's counts. */
    ResponderCounts finish() throws IOException {
        link.send(ControlLink.DONE, out -> out.writeLong(0));
        return ResponderCounts.read(link.receive().expect(ControlLink.RESULT, "RESULT").body());
    }

    @Override
    public void close() {
        plane.close();
        link.close();
    }
}
