package io.fabrichealth.probes.smp;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One sweep's claims: the known nodes claimed in one call before the sweep, a node first met during a discovery
 * when it is met. A sweep by LID claims the nodes this agent owns; a discovery claims every node, so the walk that
 * already reaches each node also reads its PMA, as a single agent's sweep does, and the owners skip it once
 * ({@link SweepShare#freshElsewhere}). A node another member swept that recently is not claimed at all. A node
 * claimed by another member (its owner or previous owner, still sweeping) is refused and skipped until the next
 * sweep, so two agents never send PMA and PortInfo reads to one node at once.
 */
final class SweepClaims {
    private final SweepShare share;
    private final Duration ttl;
    private final Set<Long> granted = new LinkedHashSet<>();
    private final Set<Long> refused = new LinkedHashSet<>();
    private final Set<Long> fresh = new LinkedHashSet<>();
    private final boolean discovery;

    /** @param discovery this sweep walks the fabric: it claims every node, not only the owned ones */
    SweepClaims(SweepShare share, Duration ttl, boolean discovery) {
        this.share = share;
        this.ttl = ttl;
        this.discovery = discovery;
    }

    void claimOwned(Collection<Long> known) {
        List<Long> wanted = new ArrayList<>();
        for (long guid : known) {
            if (wants(guid)) {
                wanted.add(guid);
            }
        }
        Set<Long> got = share.claim(wanted, ttl);
        for (long guid : wanted) {
            (got.contains(guid) ? granted : refused).add(guid);
        }
    }

    private boolean wants(long guid) {
        if (!discovery && !share.owns(guid)) {
            return false;
        }
        if (share.freshElsewhere(guid)) {
            fresh.add(guid);
            return false;
        }
        return true;
    }

    /** Claimed for this sweep; the sweep asks once per node. */
    boolean mine(long guid) {
        if (granted.contains(guid)) {
            return true;
        }
        if (refused.contains(guid) || fresh.contains(guid) || !wants(guid)) {
            return false;
        }
        boolean got = share.claim(List.of(guid), ttl).contains(guid);
        (got ? granted : refused).add(guid);
        return got;
    }

    /** Nodes skipped because another member swept them a moment ago. */
    Set<Long> fresh() {
        return fresh;
    }

    Set<Long> granted() {
        return granted;
    }

    /** Nodes another member held the claim of. */
    Set<Long> refused() {
        return refused;
    }
}
