package io.fabrichealth.agent.jolokia;

import com.fasterxml.jackson.core.SerializableString;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * JSON kept as its UTF-8 bytes alone, for {@code writeRawValue}: a String would be converted again on every
 * write (that conversion cost as much as writing the 22 numbers), and SerializedString keeps both.
 */
final class RawJson implements SerializableString {
    private final byte[] utf8;

    RawJson(byte[] utf8) {
        this.utf8 = utf8;
    }

    @Override
    public String getValue() {
        return new String(utf8, StandardCharsets.UTF_8);
    }

    @Override
    public int charLength() {
        return getValue().length();
    }

    @Override
    public byte[] asUnquotedUTF8() {
        return utf8;
    }

    @Override
    public int appendUnquotedUTF8(byte[] buffer, int offset) {
        if (offset + utf8.length > buffer.length) {
            return -1;
        }
        System.arraycopy(utf8, 0, buffer, offset, utf8.length);
        return utf8.length;
    }

    @Override
    public int appendUnquoted(char[] buffer, int offset) {
        String value = getValue();
        if (offset + value.length() > buffer.length) {
            return -1;
        }
        value.getChars(0, value.length(), buffer, offset);
        return value.length();
    }

    @Override
    public int writeUnquotedUTF8(OutputStream out) throws IOException {
        out.write(utf8);
        return utf8.length;
    }

    @Override
    public int putUnquotedUTF8(ByteBuffer buffer) {
        if (buffer.remaining() < utf8.length) {
            return -1;
        }
        buffer.put(utf8);
        return utf8.length;
    }

    // Raw JSON is written as it is, never as a string, so its quoted forms have no use.
    @Override
    public char[] asQuotedChars() {
        throw new UnsupportedOperationException("raw JSON is never quoted");
    }

    @Override
    public byte[] asQuotedUTF8() {
        throw new UnsupportedOperationException("raw JSON is never quoted");
    }

    @Override
    public int appendQuotedUTF8(byte[] buffer, int offset) {
        throw new UnsupportedOperationException("raw JSON is never quoted");
    }

    @Override
    public int appendQuoted(char[] buffer, int offset) {
        throw new UnsupportedOperationException("raw JSON is never quoted");
    }

    @Override
    public int writeQuotedUTF8(OutputStream out) {
        throw new UnsupportedOperationException("raw JSON is never quoted");
    }

    @Override
    public int putQuotedUTF8(ByteBuffer buffer) {
        throw new UnsupportedOperationException("raw JSON is never quoted");
    }
}
