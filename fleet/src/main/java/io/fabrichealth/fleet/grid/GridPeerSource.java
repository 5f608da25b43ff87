package io.fabrichealth.fleet.grid;

import io.fabrichealth.config.PeerConfig;
import io.fabrichealth.fleet.Peers;
import io.fabrichealth.probes.PeerSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Ping-pong and burst peers drawn by the fleet: this agent's ring successor plus k random members (Pingmesh's
 * O(N k) pairs, not a full mesh), redrawn only when the set of trusted members changes. Every member draws from the
 * same names with the same seed, so the draws agree and each member is probed by at least one and at most 2k+1.
 */
public final class GridPeerSource implements PeerSource {
    private final Fleet fleet;
    private final int k;
    private final List<Consumer<List<PeerConfig>>> listeners = new CopyOnWriteArrayList<>();
    private volatile List<PeerConfig> peers = List.of();

    public GridPeerSource(Fleet fleet, int k) {
        this.fleet = fleet;
        this.k = k;
        fleet.addListener(view -> redraw());
        fleet.onFleetThread(this::redraw);
    }

    private void redraw() {
        Fleet.View view = fleet.view();
        Map<String, Card> cards = view.members().stream().map(Member::card)
                .collect(Collectors.toMap(Card::name, Function.identity(), (a, b) -> a));
        List<PeerConfig> drawn = new ArrayList<>();
        for (String name : Peers.of(view.names(), k).of(view.self())) {
            Card c = cards.get(name);
            drawn.add(new PeerConfig(name, c.burst(), c.pingpong()));
        }
        if (!drawn.equals(peers)) {
            peers = List.copyOf(drawn);
            listeners.forEach(l -> l.accept(peers));
        }
    }

    @Override
    public List<PeerConfig> peers() {
        return peers;
    }

    @Override
    public void addListener(Consumer<List<PeerConfig>> listener) {
        listeners.add(listener);
    }
}
