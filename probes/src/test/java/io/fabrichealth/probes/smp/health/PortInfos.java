package io.fabrichealth.probes.smp.health;

import io.fabrichealth.probes.mad.MadDecodeException;
import io.fabrichealth.probes.mad.PortInfo;
import java.nio.ByteBuffer;

/** PortInfo GetResp bytes with just the link fields set, decoded by the real decoder. */
final class PortInfos {
    static final int ACTIVE = 4;
    static final int DOWN = 1;
    static final int LINK_UP = 5;
    static final int POLLING = 2;
    /** PortInfo.CapabilityMask bit 14. */
    static final int EXT_SPEEDS = 1 << 14;

    private PortInfos() {
    }

    static PortInfo port(int state, int phys, int widthSupported, int widthActive, int speedSupported,
            int speedActive, int extSupported, int extActive, int capabilityMask) {
        ByteBuffer mad = ByteBuffer.allocate(256);
        mad.put(0, (byte) 1).put(1, (byte) 0x01).put(2, (byte) 1).put(3, (byte) 0x81).putShort(16, (short) 0x15);
        int d = 64;
        mad.putInt(d + 20, capabilityMask);
        mad.put(d + 29, (byte) widthSupported).put(d + 30, (byte) widthSupported).put(d + 31, (byte) widthActive);
        mad.put(d + 32, (byte) (speedSupported << 4 | state)).put(d + 33, (byte) (phys << 4));
        mad.put(d + 35, (byte) (speedActive << 4 | speedSupported));
        mad.put(d + 62, (byte) (extActive << 4 | extSupported));
        try {
            return PortInfo.decode(mad, 0);
        } catch (MadDecodeException e) {
            throw new AssertionError(e);
        }
    }

    /** An Active, LinkUp port without extended speeds. */
    static PortInfo up(int widthSupported, int widthActive, int speedSupported, int speedActive) {
        return port(ACTIVE, LINK_UP, widthSupported, widthActive, speedSupported, speedActive, 0, 0, 0);
    }
}
