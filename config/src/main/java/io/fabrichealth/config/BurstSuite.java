package io.fabrichealth.config;

import java.util.List;

/**
 * The parameter sets a burst suite runs, per phase, in this order: get's, then put's, as fabtrun runs them.
 * The default is fabtrun's 15 tests.
 */
public record BurstSuite(List<BurstSet> get, List<BurstSet> put) {

    private static final List<BurstSet> BOTH = List.of(BurstSet.DEFAULT, BurstSet.of(BurstKeyword.CANCEL),
            BurstSet.of(BurstKeyword.CACHELESS), BurstSet.of(BurstKeyword.REREGISTER),
            BurstSet.of(BurstKeyword.CACHELESS, BurstKeyword.REREGISTER), BurstSet.of(BurstKeyword.WAIT));

    /** fabtrun's: six sets in get, the same six and three contiguous ones in put. */
    public static final BurstSuite FABTRUN = new BurstSuite(BOTH, concat(BOTH,
            List.of(BurstSet.of(BurstKeyword.CONTIGUOUS), BurstSet.of(BurstKeyword.CONTIGUOUS, BurstKeyword.REREGISTER),
                    BurstSet.of(BurstKeyword.CONTIGUOUS, BurstKeyword.REREGISTER, BurstKeyword.CACHELESS))));

    public static final BurstSuite DEFAULTS = FABTRUN;

    public BurstSuite {
        get = List.copyOf(get);
        put = List.copyOf(put);
    }

    public List<BurstSet> sets(BurstPhase phase) {
        return phase == BurstPhase.GET ? get : put;
    }

    /** Tests in the suite: every set of every phase. */
    public int size() {
        return get.size() + put.size();
    }

    /** A suite of one phase only. */
    public static BurstSuite of(BurstPhase phase, List<BurstSet> sets) {
        return phase == BurstPhase.GET ? new BurstSuite(sets, List.of()) : new BurstSuite(List.of(), sets);
    }

    private static List<BurstSet> concat(List<BurstSet> a, List<BurstSet> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }
}
