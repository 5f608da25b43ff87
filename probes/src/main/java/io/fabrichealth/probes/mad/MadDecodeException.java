package io.fabrichealth.probes.mad;

/**
 * The bytes are not the MAD the decoder was asked for: truncated, garbage, a request instead of a
 * response, the wrong class or attribute. This is the only exception a decoder throws for bad input.
 * It is an expected outcome on a receive path, not a bug, so it records no stack trace: the message
 * says what is wrong, and filling a deep trace would cost more than the decode itself.
 */
public class MadDecodeException extends Exception {

    private static final long serialVersionUID = 1L;

    public MadDecodeException(String message) {
        super(message, null, false, false);
    }
}
