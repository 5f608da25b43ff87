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
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The control connection (TCP, on pingpong.listen) over which the active side negotiates a run, learns the
 * passive side's data addresses, and at the end collects the responder's counts; every read has a timeout, so a
 * silent peer costs a bounded wait. A frame is believed only after {@link #receive} has checked it:
 *
 * <pre>
 *  0 magic "FHC2"   4 version   5 kind   6 body length   10 CRC32C of bytes 0..9   14 body   then CRC32C of all before
 * </pre>
 *
 * The header has a CRC of its own so that a damaged length is caught before it is used to read the body.
 */
final class ControlLink implements AutoCloseable {
    /** "FHC2" on the wire; wave 1's frames ("CPHF", no CRCs) are another protocol to this version. */
    static final int MAGIC = 0x46484332;
    /** A magic this close to ours is ours, damaged (a Corruption); further away it is another service or version. */
    static final int MAX_FLIPPED_BITS = 2;
    static final int HELLO = 1;
    static final int WELCOME = 2;
    static final int REFUSED = 3;
    static final int DONE = 4;
    static final int RESULT = 5;
    /** Either side: the frame I received from you failed its check; body: which frame, and how. */
    static final int DAMAGED = 6;
    /** 2: the HELLO's terms carry a verbs memory mode and its options instead of version 1's boolean. */
    static final int VERSION = 2;
    static final int HEADER = 14;
    private static final int MAX_BODY = 64 << 10;
    private static final String[] KINDS = {"?", "HELLO", "WELCOME", "REFUSED", "DONE", "RESULT", "DAMAGED"};

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;

    ControlLink(Socket socket, int timeoutMillis) throws IOException {
        this.socket = socket;
        socket.setSoTimeout(timeoutMillis);
        socket.setTcpNoDelay(true);
        // Buffered: a frame arrives in one read, not one per field.
        this.in = new DataInputStream(new java.io.BufferedInputStream(socket.getInputStream()));
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
        out.write(frame(kind, body.toByteArray()));
        out.flush();
    }

    /** A whole frame: header, header CRC, body, CRC. */
    static byte[] frame(int kind, byte[] body) {
        return frame(VERSION, kind, body);
    }

    /** A frame of another {@code version}: only a refusal to a peer of that version (frames look alike in all). */
    static byte[] frame(int version, int kind, byte[] body) {
        ByteBuffer f = ByteBuffer.allocate(HEADER + body.length + 4);
        f.putInt(MAGIC).put((byte) version).put((byte) kind).putInt(body.length);
        f.putInt(crc(f.array(), 0, HEADER - 4));
        f.put(body);
        f.putInt(crc(f.array(), 0, HEADER + body.length));
        return f.array();
    }

    private static int crc(byte[] b, int from, int length) {
        CRC32C crc = new CRC32C();
        crc.update(b, from, length);
        return (int) crc.getValue();
    }

    static String kindName(int kind) {
        return kind > 0 && kind < KINDS.length ? KINDS[kind] : "kind " + kind;
    }

    /** Reads one frame; its kind is {@link Frame#kind()}. */
    Frame receive() throws IOException {
        byte[] header = new byte[HEADER];
        try {
            in.readFully(header, 0, 4);
        } catch (SocketTimeoutException e) {
            throw new SocketTimeoutException("no control message within " + socket.getSoTimeout() + " ms");
        }
        in.readFully(header, 4, HEADER - 4);
        return decode(header, in, peerName());
    }

    /**
     * The one decoder: reads the body that {@code header} announces from {@code rest} and checks everything.
     * Throws {@link DamagedException} (the typed decode error) for any frame that is not exactly what a peer sent.
     */
    static Frame decode(byte[] header, DataInputStream rest, String from) throws IOException {
        ByteBuffer h = ByteBuffer.wrap(header);
        int magic = h.getInt(0);
        if (Integer.bitCount(magic ^ MAGIC) > MAX_FLIPPED_BITS) {
            throw new IOException("not a ping-pong control frame of this version (magic 0x" + Integer.toHexString(magic)
                    + "): is a different service, or another version of fabric-health, listening on this port?");
        }
        if (magic != MAGIC) {
            throw new DamagedException(from, -1, "magic 0x" + Integer.toHexString(magic),
                    Integer.numberOfLeadingZeros(magic ^ MAGIC) / 8);
        }
        int kind = h.get(5);
        if (h.getInt(HEADER - 4) != crc(header, 0, HEADER - 4)) {
            throw new DamagedException(from, kind, "the header's CRC32C does not match", -1);
        }
        if (h.get(4) != VERSION) {
            throw new OtherVersionException(h.get(4), from);
        }
        int length = h.getInt(6);
        if (kind < HELLO || kind > DAMAGED || length < 0 || length > MAX_BODY) {
            throw new DamagedException(from, kind, "impossible kind or body length " + length, kind < HELLO
                    || kind > DAMAGED ? 5 : 6);
        }
        byte[] tail = new byte[length + 4];
        rest.readFully(tail);
        byte[] whole = new byte[HEADER + length];
        System.arraycopy(header, 0, whole, 0, HEADER);
        System.arraycopy(tail, 0, whole, HEADER, length);
        int crc = ByteBuffer.wrap(tail, length, 4).getInt();
        if (crc != crc(whole, 0, whole.length)) {
            throw new DamagedException(from, kind, "the CRC32C over its " + whole.length + " bytes does not match", -1);
        }
        return new Frame(kind, new DataInputStream(new ByteArrayInputStream(whole, HEADER, length)));
    }

    /** The peer's address, as alarms name it. */
    String peerName() {
        java.net.SocketAddress a = socket.getRemoteSocketAddress();
        return a instanceof InetSocketAddress i ? i.getAddress().getHostAddress() + ":" + i.getPort() : String.valueOf(a);
    }

    /** Tells the peer that the frame of {@code kind} it sent arrived damaged, and how; the run is over. */
    void sendDamaged(DamagedException damaged) {
        try {
            send(DAMAGED, out -> out.writeUTF(damaged.getMessage()));
        } catch (IOException e) {
            // the peer will learn it from the closed connection instead
        }
    }

    interface BodyWriter {
        void write(DataOutputStream out) throws IOException;
    }

    record Frame(int kind, DataInputStream body) {
        Frame expect(int wanted, String what) throws IOException {
            if (kind == REFUSED) {
                String why = body.readUTF();
                throw new RefusedException(why, body.available() > 0 ? body.readByte() : 0);
            }
            if (kind == DAMAGED) {
                throw new DamagedByPeerException(body.readUTF());
            }
            if (kind != wanted) {
                throw new IOException("expected " + what + ", got control frame kind " + kind);
            }
            return this;
        }
    }

    /** The passive side said no, and why; {@link #code()} is PingPongResponder's REFUSED_* byte. */
    static final class RefusedException extends IOException {
        private static final long serialVersionUID = 1L;
        private final int code;

        RefusedException(String why, int code) {
            super(why);
            this.code = code;
        }

        int code() {
            return code;
        }
    }

    /**
     * A frame that failed its check here: the typed decode error. It is a Corruption (the bytes are not what the
     * peer sent), so it names the peer, the protocol, the kind as received and the first bad byte when known.
     */
    static final class DamagedException extends IOException {
        private static final long serialVersionUID = 1L;
        private final String from;

        DamagedException(String from, int kind, String how, int offset) {
            super("ping-pong control frame " + (kind < 0 ? "of unknown kind" : kindName(kind) + " (kind as received)")
                    + " from " + from + " is damaged: " + how + (offset < 0
                            ? "; the first bad byte cannot be known from a CRC" : "; first bad byte at frame offset " + offset));
            this.from = from;
        }

        String from() {
            return from;
        }
    }

    /** A sound frame of another control protocol version: another fabric-health, not damage. */
    static final class OtherVersionException extends IOException {
        private static final long serialVersionUID = 1L;
        private final int version;

        OtherVersionException(int version, String from) {
            super("a ping-pong control frame of version " + version + " from " + from + ": this agent speaks version "
                    + VERSION + "; run the same fabric-health on both hosts");
            this.version = version;
        }

        int version() {
            return version;
        }
    }

    /**
     * Tells a peer of another version, in its own version's frame, why this agent will not talk to it, so its
     * run says so instead of losing the connection.
     */
    void refuseVersion(OtherVersionException e, byte code) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        try {
            DataOutputStream d = new DataOutputStream(body);
            d.writeUTF("this agent speaks ping-pong control protocol version " + VERSION + ", not " + e.version()
                    + ": run the same fabric-health version on both hosts");
            d.writeByte(code);
            out.write(frame(e.version(), REFUSED, body.toByteArray()));
            out.flush();
        } catch (IOException ignored) {
            // the peer will learn it from the closed connection instead
        }
    }

    /** The peer found a frame of ours damaged, and said so in a frame that passed its own check. */
    static final class DamagedByPeerException extends IOException {
        private static final long serialVersionUID = 1L;

        DamagedByPeerException(String how) {
            super("the peer received our control frame damaged: " + how);
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
