package io.fabrichealth.probes.smp;

import io.fabrichealth.jni.MadAddress;
import io.fabrichealth.jni.MadReceipt;
import io.fabrichealth.probes.smp.engine.MadTransport;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.TreeMap;

/**
 * The real umad transport with a window on it: every MAD that leaves is looked at before it goes. Not a fake:
 * sends and receives pass straight through to libibumad (umad2sim).
 */
final class RecordingTransport implements MadTransport {
    private final MadTransport real;
    /** "class/method/attribute" to count, e.g. "0x81/0x01/0x0015". */
    final Map<String, Integer> sent = new TreeMap<>();
    int notGet;

    RecordingTransport(MadTransport real) {
        this.real = real;
    }

    @Override
    public void send(ByteBuffer mad, MadAddress to, int timeoutMillis) {
        int mgmtClass = mad.get(1) & 0xFF;
        int method = mad.get(3) & 0xFF;
        int attribute = mad.getShort(16) & 0xFFFF;
        if (method != 0x01) {
            notGet++;
        }
        sent.merge(String.format("0x%02x/0x%02x/0x%04x", mgmtClass, method, attribute), 1, Integer::sum);
        real.send(mad, to, timeoutMillis);
    }

    @Override
    public MadReceipt receive(ByteBuffer into, int timeoutMillis) {
        return real.receive(into, timeoutMillis);
    }

    @Override
    public int receiveBatch(ByteBuffer slots, int max, int timeoutMillis) {
        return real.receiveBatch(slots, max, timeoutMillis);
    }

    @Override
    public void close() {
        real.close();
    }

    int total() {
        return sent.values().stream().mapToInt(Integer::intValue).sum();
    }
}
