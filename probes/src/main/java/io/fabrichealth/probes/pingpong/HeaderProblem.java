package io.fabrichealth.probes.pingpong;

/** Why a received message was dropped before its payload was looked at. */
public enum HeaderProblem {
    /** Shorter than a header, or shorter than the size its header claims. */
    TRUNCATED,
    BAD_MAGIC,
    BAD_VERSION,
    /** The header's own CRC does not match: the header itself was damaged. */
    BAD_CRC,
    BAD_TYPE,
    /** A size below the header, above what the session negotiated, or not the length received. */
    IMPOSSIBLE_SIZE,
    /** Task, sequence or slot out of range, or reserved flags set. */
    IMPOSSIBLE_FIELD,
    /** Sound header, but not of this session (a stray or replayed message). */
    WRONG_SESSION,
    /** Sound header of this session, from an address or task the session does not know. */
    UNKNOWN_SENDER;

    /**
     * Whether the message itself was damaged on its way (a Corruption), rather than sound but not ours. A sound
     * header is only ever stray (wrong session, unknown sender) or from a peer that breaks the terms.
     */
    public boolean damage() {
        return this == TRUNCATED || this == BAD_MAGIC || this == BAD_VERSION || this == BAD_CRC;
    }

    /** The Corruption alarm's details for a damaged message ({@link #damage()}) of {@code length} bytes. */
    public String damaged(String message, int length) {
        return "ping-pong " + message + " arrived damaged: " + text() + " (" + length + " bytes received"
                + (this == BAD_CRC ? "; a CRC cannot tell the first bad byte)" : ")");
    }

    /** Lower case words for counters and logs ("bad magic"). */
    public String text() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }
}
