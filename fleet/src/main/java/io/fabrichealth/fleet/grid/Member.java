package io.fabrichealth.fleet.grid;

import java.time.Instant;

/**
 * One row of the Fleet MBean's Members: a card whose grid member is alive.
 *
 * @param oldest the grid's oldest member: it runs the fleet's directed-route discovery
 * @param nodes how many fabric nodes it owns now
 * @param problem empty, or why this member is shown but not trusted (another version, ...)
 */
public record Member(Card card, boolean oldest, int nodes, String problem) {
    public String name() {
        return card.name();
    }

    public Instant joinedAt() {
        return card.joinedAt();
    }
}
