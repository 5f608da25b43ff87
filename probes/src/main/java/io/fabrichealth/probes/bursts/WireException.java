package io.fabrichealth.probes.bursts;

/**
 * A burst control message that failed {@link Wire#check}: the typed decode error. The burst it belongs to fails;
 * it is a Corruption unless the message is of another protocol or version ({@link #corruption()}).
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

    private final Problem problem;

    /**
     * @param type   the type byte as received (unverified when the CRC failed), -1 when unknown
     * @param offset the first bad byte in the message, -1 when a CRC cannot tell
     */
    WireException(String from, int type, Problem problem, String detail, int offset) {
        super("burst control message " + (type < 0 ? "of unknown type" : Wire.name(type)
                + (problem == Problem.BAD_CRC ? " (type as received)" : "")) + " from " + from + ": " + problem.text()
                + " (" + detail + ")" + (offset < 0 ? "; the first bad byte cannot be known from a CRC"
                        : "; first bad byte at message offset " + offset));
        this.problem = problem;
    }

    Problem problem() {
        return problem;
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
