package io.fabrichealth.probes.pingpong;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;

/**
 * The control connection (TCP, on pingpong.listen) over which the active side negotiates a run, learns the
 * passive side's data addresses, and at the end collects the responder's counts. Frames: magic "FHPC", kind,
 * length, body; every read has a timeout, so a silent peer costs a bounded wait.
 */
final class ControlLink implements AutoCloseable {
    static final int MAGIC = 0x43504846;
    static final int HELLO = 1;
    static final int WELCOME = 2;
    static final int REFUSED = 3;
    static final int DONE = 4;
    static final int RESULT = 5;
    private static final int MAX_BODY = 64 << 10;

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;

    ControlLink(Socket socket, int timeoutMillis) throws IOException {
        this.socket = socket;
        socket.setSoTimeout(timeoutMillis);
        socket.setTcpNoDelay(true);
        this.in = new DataInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    /** @param local this side's address to connect from (the data path follows it), or null for the route's */
    static ControlLink connect(InetSocketAddress peer, java.net.InetAddress local, int timeoutMillis)
            throws IOException {
        Socket s = new Socket();
        try {
            if (local != null && !local.isAnyLocalAddress()) {
                s.bind(new InetSocketAddress(local, 0));
            }
            s.connect(peer, timeoutMillis);
            return new ControlLink(s, timeoutMillis);
        } catch (IOException e) {
            s.close();
            throw e;
        }
    }

    Socket socket() {
        return socket;
    }

    void timeout(int millis) throws IOException {
        socket.setSoTimeout(millis);
    }

    /** Builds a frame body with {@code writer} and sends it. */
    void send(int kind, BodyWriter writer) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        writer.write(new DataOutputStream(body));
        DataOutputStream frame = new DataOutputStream(out);
        frame.writeInt(MAGIC);
        frame.writeByte(kind);
        frame.writeInt(body.size());
        body.writeTo(frame);
        frame.flush();
    }

    /** Reads one frame; its kind is {@link Frame#kind()}. */
    Frame receive() throws IOException {
        int magic;
        try {
            magic = in.readInt();
        } catch (SocketTimeoutException e) {
            throw new SocketTimeoutException("no control message within " + socket.getSoTimeout() + " ms");
        }
        if (magic != MAGIC) {
            throw new IOException("not a ping-pong control frame (magic 0x" + Integer.toHexString(magic)
                    + "): is a different service listening on this port?");
        }
        int kind = in.readUnsignedByte();
        int length = in.readInt();
        if (length < 0 || length > MAX_BODY) {
            throw new IOException("control frame of impossible length " + length);
        }
        byte[] body = new byte[length];
        in.readFully(body);
        return new Frame(kind, new DataInputStream(new ByteArrayInputStream(body)));
    }

    interface BodyWriter {
        void write(DataOutputStream out) throws IOException;
    }

    record Frame(int kind, DataInputStream body) {
        Frame expect(int wanted, String what) throws IOException {
            if (kind == REFUSED) {
                throw new RefusedException(body.readUTF());
            }
            if (kind != wanted) {
                throw new IOException("expected " + what + ", got control frame kind " + kind);
            }
            return this;
        }
    }

    /** The passive side said no, and why. */
    static final class RefusedException extends IOException {
        private static final long serialVersionUID = 1L;

        RefusedException(String why) {
            super(why);
        }
    }

    static void writeAddresses(DataOutputStream out, List<byte[]> addresses) throws IOException {
        out.writeShort(addresses.size());
        for (byte[] a : addresses) {
            out.writeShort(a.length);
            out.write(a);
        }
    }

    static List<byte[]> readAddresses(InputStream stream) throws IOException {
        DataInputStream in = new DataInputStream(stream);
        int n = in.readUnsignedShort();
        if (n > io.fabrichealth.probes.pingpong.Header.MAX_TASKS) {
            throw new IOException(n + " addresses: more than there can be tasks");
        }
        List<byte[]> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int len = in.readUnsignedShort();
            if (len > 1024) {
                throw new EOFException("address of " + len + " bytes");
            }
            byte[] a = new byte[len];
            in.readFully(a);
            list.add(a);
        }
        return list;
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing a broken connection: nothing left to tell anyone
        }
    }
}
