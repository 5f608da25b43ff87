package io.fabrichealth.probes.smp;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One sweep's claims on the nodes this agent owns: the known ones claimed in one call before the sweep, a node
 * first met during a discovery when it is met. A node claimed by another member (its previous owner, still
 * finishing a sweep) is refused and skipped until the next sweep, so two agents never send to one node at once.
 */
final class SweepClaims {
    private final SweepShare share;
    private final Duration ttl;
    private final Set<Long> granted = new LinkedHashSet<>();
    private final Set<Long> refused = new LinkedHashSet<>();

    SweepClaims(SweepShare share, Duration ttl) {
        this.share = share;
        this.ttl = ttl;
    }

    void claimOwned(Collection<Long> known) {
        List<Long> owned = new ArrayList<>();
        for (long guid : known) {
            if (share.owns(guid)) {
                owned.add(guid);
            }
        }
        Set<Long> got = share.claim(owned, ttl);
        for (long guid : owned) {
            (got.contains(guid) ? granted : refused).add(guid);
        }
    }

    /** Owned and claimed; the sweep asks once per node. */
    boolean mine(long guid) {
        if (granted.contains(guid)) {
            return true;
        }
        if (refused.contains(guid) || !share.owns(guid)) {
            return false;
        }
        boolean got = share.claim(List.of(guid), ttl).contains(guid);
        (got ? granted : refused).add(guid);
        return got;
    }

    Set<Long> granted() {
        return granted;
    }

    /** Owned nodes another member held the claim of. */
    Set<Long> refused() {
        return refused;
    }
}
