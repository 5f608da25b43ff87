package io.fabrichealth.probes.mad;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The NodeDescription attribute (0x10, IBA 14.2.5.2): 64 bytes of UTF-8, padded with NULs.
 *
 * @param text the bytes up to the first NUL; malformed UTF-8 becomes U+FFFD rather than an error,
 *     since a badly named node is still a node worth monitoring
 */
public record NodeDescription(String text) implements MadAttribute {

    public static final int ATTRIBUTE_ID = 0x10;
    private static final int LENGTH = 64;

    public static NodeDescription decode(ByteBuffer buf, int offset) throws MadDecodeException {
        return read(ResponseCheck.smp(MadReader.of(buf, offset), ATTRIBUTE_ID, "NodeDescription"));
    }

    public static NodeDescription decode(byte[] bytes, int offset) throws MadDecodeException {
        return read(ResponseCheck.smp(MadReader.of(bytes, offset), ATTRIBUTE_ID, "NodeDescription"));
    }

    static NodeDescription read(MadReader r) {
        byte[] text = new byte[LENGTH];
        int length = 0;
        while (length < LENGTH) {
            int b = r.u8(Mad.DATA_OFFSET + length);
            if (b == 0) {
                break;
            }
            text[length++] = (byte) b;
        }
        return new NodeDescription(new String(text, 0, length, StandardCharsets.UTF_8));
    }
}
