package io.fabrichealth.probes.smp.engine;

import io.fabrichealth.jni.MadAddress;
import io.fabrichealth.jni.MadReceipt;
import io.fabrichealth.jni.Umad;
import io.fabrichealth.jni.UmadPort;
import java.nio.ByteBuffer;

/**
 * The engine's MADs through libibumad: one port, one agent per class (0x01, 0x81, 0x04). umad2sim keeps one
 * agent per class per process, so a process opens this once and keeps it.
 */
public final class UmadTransport implements MadTransport {
    /** IBA method Get; the only method this monitor ever sends. */
    static final int GET = 0x01;

    private final UmadPort port;
    private final int lidRoutedAgent;
    private final int directedAgent;
    private final int perfAgent;

    private UmadTransport(UmadPort port) {
        this.port = port;
        try {
            lidRoutedAgent = port.registerAgent(UmadPort.CLASS_SMP_LID_ROUTED, 1);
            directedAgent = port.registerAgent(UmadPort.CLASS_SMP_DIRECTED_ROUTE, 1);
            perfAgent = port.registerAgent(UmadPort.CLASS_PERF_MGT, 1);
        } catch (RuntimeException e) {
            port.close();
            throw e;
        }
    }

    /**
     * Opens {@code ca}/{@code portNum} (null/0 = the first active port) and registers the three agents.
     *
     * @throws io.fabrichealth.jni.NativeException when the port cannot be opened; its message says why
     * @throws UnsatisfiedLinkError when libibumad or the binding is missing
     *         ({@link io.fabrichealth.jni.NativeFamily#cause()})
     */
    public static UmadTransport open(String ca, int portNum) {
        return new UmadTransport(Umad.open(ca, portNum));
    }

    @Override
    public void send(ByteBuffer mad, MadAddress to, int timeoutMillis) {
        int method = mad.get(3) & 0xFF;
        if (method != GET) {
            // The codec cannot build anything else; this guard keeps it true for any future caller.
            throw new IllegalArgumentException(String.format(
                    "refusing to send method 0x%02x: fabric-health is a monitor and sends Get (0x01) only", method));
        }
        int mgmtClass = mad.get(1) & 0xFF;
        int agent = switch (mgmtClass) {
            case UmadPort.CLASS_SMP_LID_ROUTED -> lidRoutedAgent;
            case UmadPort.CLASS_SMP_DIRECTED_ROUTE -> directedAgent;
            case UmadPort.CLASS_PERF_MGT -> perfAgent;
            default -> throw new IllegalArgumentException(String.format(
                    "management class 0x%02x has no agent here (SMP 0x01/0x81 and PerfMgt 0x04 only)", mgmtClass));
        };
        // retries 0: the engine retries itself, with a fresh TID, so late answers can be told apart.
        port.send(agent, mad, to, timeoutMillis, 0);
    }

    @Override
    public MadReceipt receive(ByteBuffer into, int timeoutMillis) {
        return port.recv(into, timeoutMillis);
    }

    @Override
    public int receiveBatch(ByteBuffer slots, int max, int timeoutMillis) {
        return port.recvBatch(slots, max, timeoutMillis);
    }

    /** Closes the port; under umad2sim this waits (bounded) for answers still owed, see UmadPort#close. */
    @Override
    public void close() {
        port.close();
    }
}
