package io.fabrichealth.probes;

import java.util.Locale;

/**
 * Several results summed up (the sets of a burst suite, the transports of a ping-pong run): the parts always
 * add up to the total, every non-empty bucket is printed, and the status follows from the buckets alone.
 *
 * @param unsupported        results this host's own capability check (fi_getinfo and the like) ruled out
 * @param unsupportedByPeer  results the peer declined in a statement that passed its CRC: not this host's word
 * @param skipped            results a budget did not allow
 */
public record Tally(int total, int succeeded, int failed, int unsupported, int unsupportedByPeer, int skipped) {

    public Tally {
        if (succeeded + failed + unsupported + unsupportedByPeer + skipped != total) {
            throw new IllegalArgumentException("a tally whose parts do not add up to " + total);
        }
    }

    /** What one result counts as. */
    public enum Part { SUCCEEDED, FAILED, UNSUPPORTED, UNSUPPORTED_BY_PEER, SKIPPED }

    public static Tally of(Iterable<Part> parts) {
        int[] n = new int[Part.values().length];
        int total = 0;
        for (Part p : parts) {
            n[p.ordinal()]++;
            total++;
        }
        return new Tally(total, n[0], n[1], n[2], n[3], n[4]);
    }

    /**
     * fabtrun's closing line, {@code N tests, N succeeded, N failed}, with {@code , N unsupported} and
     * {@code , N skipped} added when there are any, so the numbers printed always sum to N.
     */
    public String line() {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%d tests, %d succeeded, %d failed", total,
                succeeded, failed));
        int allUnsupported = unsupported + unsupportedByPeer;
        if (allUnsupported > 0) {
            s.append(", ").append(allUnsupported).append(" unsupported");
            if (unsupportedByPeer > 0) {
                s.append(" (").append(unsupportedByPeer).append(" by the peer)");
            }
        }
        if (skipped > 0) {
            s.append(", ").append(skipped).append(" skipped");
        }
        return s.toString();
    }

    /**
     * PASS only when nothing failed, something succeeded, and every unsupported result is unsupported by this
     * host's own capabilities. A peer's refusal is UNSUPPORTED, never PASS: the peer's word is not ours.
     */
    public ProbeResult.Status status() {
        if (failed > 0) {
            return ProbeResult.Status.FAIL;
        }
        if (unsupportedByPeer > 0) {
            return ProbeResult.Status.UNSUPPORTED;
        }
        if (succeeded > 0) {
            return ProbeResult.Status.PASS;
        }
        return unsupported > 0 ? ProbeResult.Status.UNSUPPORTED : ProbeResult.Status.SKIPPED;
    }
}
