package io.fabrichealth.probes.bursts;

/**
 * A burst control message that failed {@link Wire#check}: the typed decode error. It is a Corruption, because
 * the fabric delivered bytes that are not what the peer sent; the burst it belongs to fails.
 */
final class WireException extends BurstFailure {
    private static final long serialVersionUID = 1L;

    /** What the check found. */
    enum Problem {
        /** Not this protocol or not this version: a peer that speaks something else, not a damaged message. */
        FOREIGN,
        WRONG_LENGTH, BAD_MAGIC, BAD_CRC, BAD_TYPE, IMPOSSIBLE_FIELD;

        String text() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
        }
    }

    private final String from;
    private final int type;
    private final Problem problem;
    private final int offset;

    /**
     * @param type   the type byte as received (unverified when the CRC failed), -1 when unknown
     * @param offset the first bad byte in the message, -1 when a CRC cannot tell
     */
    WireException(String from, int type, Problem problem, String detail, int offset) {
        super("burst control message " + (type < 0 ? "of unknown type" : Wire.name(type)
                + (problem == Problem.BAD_CRC ? " (type as received)" : "")) + " from " + from + ": " + problem.text()
                + " (" + detail + ")" + (offset < 0 ? "; the first bad byte cannot be known from a CRC"
                        : "; first bad byte at message offset " + offset));
        this.from = from;
        this.type = type;
        this.problem = problem;
        this.offset = offset;
    }

    String from() {
        return from;
    }

    /** The message type as received, -1 when unknown. */
    int type() {
        return type;
    }

    Problem problem() {
        return problem;
    }

    /** First bad byte within the message, -1 when unknown. */
    int offset() {
        return offset;
    }

    /** Whether the message was damaged on its way (a Corruption), rather than sent in another protocol. */
    boolean corruption() {
        return problem != Problem.FOREIGN;
    }

    /** The Corruption alarm's details: protocol, type, peer and offset. */
    String details() {
        return getMessage();
    }
}
