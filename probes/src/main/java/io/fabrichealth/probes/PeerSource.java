package io.fabrichealth.probes;

import io.fabrichealth.config.PeerConfig;
import java.util.List;
import java.util.function.Consumer;

/**
 * Where the peers drawn by the fleet come from ({@code fleet.peers: auto}): the auto peers this agent's
 * ping-pongs and bursts aim at, besides the static {@code peers:} of its config. The fleet redraws them only
 * when membership changes. Schedules with empty targets aim at the static peers plus these; a schedule may
 * also name one of them.
 */
public interface PeerSource {
    /** No fleet peers, ever: a single agent exactly as in wave 1. */
    PeerSource NONE = new PeerSource() {
        @Override
        public List<PeerConfig> peers() {
            return List.of();
        }

        @Override
        public void addListener(Consumer<List<PeerConfig>> listener) {
            // the set never changes
        }
    };

    /**
     * The peers drawn now, each named by its member's agent name, with {@code address} = its burst listen
     * address and {@code pingpong} = its ping-pong listen address. Never null; safe to call from any thread.
     */
    List<PeerConfig> peers();

    /**
     * Told the new set each time it changes (after {@link #peers()} returns it). Called on the fleet's own
     * thread: record and return.
     */
    void addListener(Consumer<List<PeerConfig>> listener);
}
