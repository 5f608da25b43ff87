package io.fabrichealth.fleet.grid;

import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.core.EntryEvent;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.map.listener.EntryAddedListener;
import com.hazelcast.map.listener.EntryRemovedListener;
import com.hazelcast.map.listener.EntryUpdatedListener;
import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.FleetConfig;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.jolokia.json.JSONObject;

/**
 * This agent's membership in the fleet: it publishes its {@link Card}, keeps the list of live members (cards whose
 * grid member is alive, oldest first), and, while it is the oldest, tidies up after members that died: their card
 * goes, {@code AgentLost} is raised, and it clears when the agent comes back.
 *
 * <p>Hazelcast says who is alive (heartbeats, {@code fleet.failureDetection}); this class never runs a membership
 * protocol of its own. Every change is handled on one thread, so the view is never half-updated; listeners hear of
 * a change in the set of live members (or of those that sweep) only, which is when peers and node ownership are
 * redrawn.
 *
 * <p>When the grid cannot be reached, or another live agent already has this agent's name, the agent runs alone
 * and {@link #view()} says why.
 */
public final class Fleet implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(Fleet.class.getName());
    /** Events come in bursts (a member and its card); one refresh after the burst does for all. */
    private static final long SETTLE_MS = 150;
    /** A full read of the cards every this many refreshes (at least one per failure-detection time): a safety net. */
    private static final int RESYNC_EVERY = 10;

    private final HazelcastInstance grid;
    private final FleetConfig config;
    private final Seal seal;
    private final AlarmSink alarms;
    private final Clock clock;
    private final ScheduledExecutorService worker;
    private final List<Consumer<View>> listeners = new CopyOnWriteArrayList<>();
    private final List<UUID> registrations = new ArrayList<>();
    private final Set<String> raisedLost = new HashSet<>();
    private final Map<String, String> cardProblems = new HashMap<>();
    /** The cards as the grid's events delivered them: a membership change costs one card, not a read of all. */
    private final Map<String, String> cardValues = new ConcurrentHashMap<>();
    private int refreshes;
    private volatile Card card;
    private volatile View view;
    private ScheduledFuture<?> pending;
    private UUID membershipRegistration;

    /**
     * The fleet as this agent sees it.
     *
     * @param joined false when the agent runs alone; {@code state} says why
     * @param members live members, oldest first (this agent included when joined)
     * @param problems records that were refused, members of another version: shown, not trusted
     */
    public record View(boolean joined, String self, String state, List<Member> members, List<String> problems,
            Instant at) {

        /** The names of the members trusted with work, in a stable order. */
        public List<String> names() {
            return members.stream().filter(m -> m.problem().isEmpty()).map(Member::name).sorted().toList();
        }

        /** The trusted members that can sweep (see {@link Card#sweeps()}): they own the nodes. */
        public List<String> sweepers() {
            return members.stream().filter(m -> m.problem().isEmpty() && m.card().sweeps()).map(Member::name)
                    .sorted().toList();
        }

        /** The oldest member that can sweep: it walks the fabric for the fleet. Empty when none can. */
        public String discoveryOwner() {
            return members.stream().filter(m -> m.problem().isEmpty() && m.card().sweeps()).map(Member::name)
                    .findFirst().orElse("");
        }

        public boolean isDiscoveryOwner() {
            return joined && discoveryOwner().equals(self);
        }

        public String oldest() {
            return members.isEmpty() ? "" : members.get(0).name();
        }

        public boolean isOldest() {
            return joined && oldest().equals(self);
        }
    }

    private Fleet(HazelcastInstance grid, FleetConfig config, Seal seal, Card card, AlarmSink alarms, Clock clock) {
        this.grid = grid;
        this.config = config;
        this.seal = seal;
        this.card = card;
        this.alarms = alarms;
        this.clock = clock;
        this.worker = grid == null ? null : Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "fabric-health-fleet");
            t.setDaemon(true);
            return t;
        });
    }

    /** An agent on its own, saying why (no grid, a duplicate name, ...). */
    public static Fleet alone(String name, String why) {
        Fleet f = new Fleet(null, FleetConfig.DEFAULTS, Seal.none(), null, AlarmSink.NONE, Clock.systemUTC());
        f.view = new View(false, name, "alone: " + why, List.of(), List.of(), Instant.now());
        return f;
    }

    /**
     * Publishes {@code card} and starts following the fleet. Never throws for what the grid holds: a duplicate name
     * gives an agent that runs alone and says so.
     */
    public static Fleet join(HazelcastInstance grid, FleetConfig config, Seal seal, Card card, AlarmSink alarms,
            Clock clock) {
        Fleet f = new Fleet(grid, config, seal, card, alarms, clock);
        String duplicate = f.publishCard();
        if (duplicate != null) {
            f.worker.shutdownNow();
            Fleet alone = alone(card.name(), duplicate);
            LOG.warning("fabric-health: " + alone.view.state());
            return alone;
        }
        f.listen();
        try {
            f.worker.submit(f::refresh).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            LOG.log(Level.WARNING, "fabric-health: the first look at the fleet failed; it is retried", e);
        }
        long every = Math.max(1, config.failureDetection().toSeconds());
        f.worker.scheduleWithFixedDelay(f::refreshQuietly, every, every, TimeUnit.SECONDS);
        return f;
    }

    /** Null when published; otherwise why not (another live agent has the name). */
    private String publishCard() {
        String me = grid.getCluster().getLocalMember().getUuid().toString();
        card = card.joined(me, clock.instant());
        IMap<String, String> cards = grid.getMap(GridMaps.CARDS);
        String mine = seal.seal(card.toJson());
        for (int attempt = 0; attempt < 10; attempt++) {
            String existing = cards.putIfAbsent(card.name(), mine);
            if (existing == null) {
                break;
            }
            try {
                Card other = Card.fromJson(seal.open(existing));
                if (!other.member().equals(me) && alive(other.member()) && samePlace(other)) {
                    awaitGone(other.member()); // this agent's previous run, killed, not yet declared dead
                }
                if (!other.member().equals(me) && alive(other.member())) {
                    return "another live agent is named " + card.name() + " (on " + other.host() + ", "
                            + other.jolokiaUrl() + "): give each agent its own agent.name";
                }
            } catch (RecordException e) {
                // an unreadable card under our name cannot be a live agent of ours: ours replaces it
            }
            if (cards.replace(card.name(), existing, mine)) {
                break;
            }
        }
        grid.<String, String>getMap(GridMaps.LOST).remove(card.name()); // back: the oldest clears AgentLost
        return null;
    }

    /** Same host and Jolokia URL: the same agent, started again. */
    private boolean samePlace(Card other) {
        return other.host().equals(card.host()) && other.jolokiaUrl().equals(card.jolokiaUrl());
    }

    /** Waits, at most the failure-detection time and a little more, for the grid to declare a member dead. */
    private void awaitGone(String uuid) {
        long deadline = System.nanoTime() + config.failureDetection().plusSeconds(5).toNanos();
        while (alive(uuid) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private boolean alive(String uuid) {
        return grid.getCluster().getMembers().stream().anyMatch(m -> m.getUuid().toString().equals(uuid));
    }

    private void listen() {
        membershipRegistration = grid.getCluster().addMembershipListener(new MembershipListener() {
            @Override
            public void memberAdded(MembershipEvent e) {
                soon();
            }

            @Override
            public void memberRemoved(MembershipEvent e) {
                soon();
            }
        });
        registrations.add(grid.<String, String>getMap(GridMaps.CARDS).addEntryListener(new CardEvents(), true));
        registrations.add(grid.<String, String>getMap(GridMaps.LOST).addEntryListener(new Changes(this::soon), false));
        cardValues.putAll(grid.<String, String>getMap(GridMaps.CARDS)); // after the listener: no change is missed
    }

    /** Keeps {@link #cardValues} as the grid's cards are added, changed and removed. */
    private final class CardEvents implements EntryAddedListener<String, String>, EntryUpdatedListener<String, String>,
            EntryRemovedListener<String, String> {
        @Override
        public void entryAdded(EntryEvent<String, String> e) {
            cardValues.put(e.getKey(), e.getValue());
            soon();
        }

        @Override
        public void entryUpdated(EntryEvent<String, String> e) {
            cardValues.put(e.getKey(), e.getValue());
            soon();
        }

        @Override
        public void entryRemoved(EntryEvent<String, String> e) {
            cardValues.remove(e.getKey());
            soon();
        }
    }

    /** Any change to a map: refresh once things settle. */
    record Changes(Runnable then) implements EntryAddedListener<String, String>, EntryUpdatedListener<String, String>,
            EntryRemovedListener<String, String> {
        @Override
        public void entryAdded(EntryEvent<String, String> e) {
            then.run();
        }

        @Override
        public void entryUpdated(EntryEvent<String, String> e) {
            then.run();
        }

        @Override
        public void entryRemoved(EntryEvent<String, String> e) {
            then.run();
        }
    }

    private synchronized void soon() {
        if (worker.isShutdown() || (pending != null && !pending.isDone())) {
            return;
        }
        pending = worker.schedule(this::refreshQuietly, SETTLE_MS, TimeUnit.MILLISECONDS);
    }

    private void refreshQuietly() {
        try {
            refresh();
        } catch (RuntimeException e) {
            // a grid that is shutting down or partitioned: say so, keep the last view, try again later
            LOG.log(Level.WARNING, "fabric-health: reading the fleet failed; keeping the last view", e);
            View v = view;
            if (v != null) {
                view = new View(v.joined(), v.self(), "joined, but the last read of the grid failed: " + e.getMessage(),
                        v.members(), v.problems(), v.at());
            }
        }
    }

    /**
     * Works out who is alive and who is lost, from the cards the events delivered; on the worker thread only. Every
     * {@link #RESYNC_EVERY}th refresh reads all cards from the grid again, in case an event was lost.
     */
    private void refresh() {
        List<String> order = grid.getCluster().getMembers().stream().map(m -> m.getUuid().toString()).toList();
        IMap<String, String> cards = grid.getMap(GridMaps.CARDS);
        if (refreshes++ % RESYNC_EVERY == 0) {
            Map<String, String> all = new HashMap<>(cards);
            cardValues.keySet().retainAll(all.keySet());
            cardValues.putAll(all);
        }
        List<Card> live = new ArrayList<>();
        Map<String, String> stale = new HashMap<>();
        List<String> problems = new ArrayList<>();
        boolean mineThere = false;
        for (Map.Entry<String, String> e : Map.copyOf(cardValues).entrySet()) {
            Card c;
            try {
                c = Card.fromJson(seal.open(e.getValue()));
            } catch (RecordException ex) {
                problems.add("the card of '" + e.getKey() + "' was refused: " + ex.getMessage());
                if (cardProblems.put(e.getKey(), ex.getMessage()) == null) {
                    LOG.warning("fabric-health: the fleet card of '" + e.getKey() + "' was refused: " + ex.getMessage());
                }
                continue;
            }
            cardProblems.remove(e.getKey());
            mineThere |= c.name().equals(card.name()) && c.member().equals(card.member());
            if (order.contains(c.member())) {
                live.add(c);
            } else {
                stale.put(c.name(), e.getValue());
            }
        }
        if (!mineThere) {
            cards.set(card.name(), seal.seal(card.toJson())); // removed by an oldest that thought us dead: back
            live.add(card);
        }
        live.sort(Comparator.comparingInt(c -> order.indexOf(c.member())));
        boolean oldest = !live.isEmpty() && live.get(0).name().equals(card.name());
        IMap<String, String> lost = grid.getMap(GridMaps.LOST);
        Set<String> liveNames = new LinkedHashSet<>();
        live.forEach(c -> liveNames.add(c.name()));
        if (oldest) {
            tidy(stale, cards, lost);
        }
        Set<String> lostNames = new HashSet<>(lost.keySet());
        lostNames.removeAll(liveNames);
        if (oldest) {
            reportLost(lost, lostNames);
        } else {
            releaseLost();
        }
        List<Member> members = new ArrayList<>();
        for (int i = 0; i < live.size(); i++) {
            Card c = live.get(i);
            String problem = c.version().equals(card.version()) ? ""
                    : "runs version " + c.version() + ", this agent " + card.version() + ": upgrade the fleet to one version";
            members.add(new Member(c, i == 0, 0, problem));
        }
        View before = view;
        view = new View(true, card.name(), "joined " + config.name() + " as " + card.name() + ": " + live.size()
                + " member(s), oldest " + (live.isEmpty() ? "-" : live.get(0).name()), List.copyOf(members),
                List.copyOf(problems), clock.instant());
        if (before == null || !before.names().equals(view.names()) || !before.oldest().equals(view.oldest())
                || !before.sweepers().equals(view.sweepers())) {
            for (Consumer<View> l : listeners) {
                try {
                    l.accept(view);
                } catch (RuntimeException ex) {
                    LOG.log(Level.WARNING, "fabric-health: a fleet listener failed; the others still run", ex);
                }
            }
        }
    }

    /** The oldest's chores for members that died: mark them lost, drop their card, their alarms and claims. */
    private void tidy(Map<String, String> stale, IMap<String, String> cards, IMap<String, String> lost) {
        for (Map.Entry<String, String> s : stale.entrySet()) {
            String name = s.getKey();
            Card dead = Card.fromJson(seal.open(s.getValue()));
            JSONObject o = new JSONObject();
            o.put("name", name);
            o.put("host", dead.host());
            o.put("jolokiaUrl", dead.jolokiaUrl());
            o.put("lostAt", clock.instant().toString());
            lost.putIfAbsent(name, seal.seal(o.toJSONString()));
            cards.remove(name, s.getValue());
            for (String map : List.of(GridMaps.ALARMS, GridMaps.CLAIMS)) {
                IMap<String, String> m = grid.getMap(map);
                for (Map.Entry<String, String> e : m.entrySet()) {
                    if (e.getKey().startsWith(name + "/") || (map.equals(GridMaps.CLAIMS) && name.equals(owner(e.getValue())))) {
                        m.remove(e.getKey(), e.getValue());
                    }
                }
            }
            LOG.warning("fabric-health: fleet member " + name + " (" + dead.host() + ") vanished without leaving; "
                    + "its nodes move to the others");
        }
    }

    private String owner(String claimValue) {
        try {
            return seal.open(claimValue);
        } catch (RecordException e) {
            return "";
        }
    }

    private void reportLost(IMap<String, String> lost, Set<String> lostNames) {
        for (String name : lostNames) {
            String details;
            try {
                Json j = Json.parse(seal.open(lost.get(name)), "lost-agent record");
                details = "agent " + name + " (" + j.string("host") + ", " + j.string("jolokiaUrl")
                        + ") left the data grid without leaving at " + j.string("lostAt")
                        + "; its nodes moved to the other agents. Check the host and its Payara; the alarm clears when it rejoins";
            } catch (RecordException | NullPointerException e) {
                details = "agent " + name + " left the data grid without leaving";
            }
            alarms.observe(AlarmKind.AgentLost, name, true, details);
            raisedLost.add(name);
        }
        for (String name : List.copyOf(raisedLost)) {
            if (!lostNames.contains(name)) {
                alarms.observe(AlarmKind.AgentLost, name, false, "agent " + name + " rejoined the fleet");
                raisedLost.remove(name);
            }
        }
    }

    /** No longer the oldest (a merge after a split): the new oldest reports the lost agents now. */
    private void releaseLost() {
        for (String name : List.copyOf(raisedLost)) {
            alarms.observe(AlarmKind.AgentLost, name, false, "the fleet's oldest member now watches agent " + name);
            raisedLost.remove(name);
        }
    }

    public View view() {
        return view;
    }

    public Card card() {
        return card;
    }

    public boolean joined() {
        return grid != null && view.joined();
    }

    /** The grid, for the fleet's other parts; null when alone. */
    HazelcastInstance grid() {
        return grid;
    }

    Seal seal() {
        return seal;
    }

    Clock clock() {
        return clock;
    }

    FleetConfig config() {
        return config;
    }

    /** Hears the new view when the set of live members (or the oldest) changes; called on the fleet's thread. */
    public void addListener(Consumer<View> listener) {
        listeners.add(listener);
    }

    /** Republishes this agent's card, e.g. when the first sweep found the local port's GUID and LID. */
    public void updateCard(UnaryOperator<Card> change) {
        if (grid == null) {
            return;
        }
        worker.execute(() -> {
            card = change.apply(card);
            grid.<String, String>getMap(GridMaps.CARDS).set(card.name(), seal.seal(card.toJson()));
        });
    }

    /** Runs {@code task} on the fleet's thread (where every view change happens). */
    void onFleetThread(Runnable task) {
        if (worker != null && !worker.isShutdown()) {
            worker.execute(task);
        }
    }

    /** Leaves: the card goes first, so the others see a departure, not a death, and raise no AgentLost. */
    @Override
    public void close() {
        if (grid == null || worker.isShutdown()) {
            return;
        }
        worker.shutdownNow();
        try {
            worker.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            grid.getCluster().removeMembershipListener(membershipRegistration);
            List<String> maps = List.of(GridMaps.CARDS, GridMaps.LOST);
            for (int i = 0; i < registrations.size(); i++) {
                grid.getMap(maps.get(i)).removeEntryListener(registrations.get(i));
            }
            grid.<String, String>getMap(GridMaps.CARDS).remove(card.name());
        } catch (RuntimeException e) {
            LOG.log(Level.INFO, "fabric-health: leaving the fleet: the grid is already gone (" + e.getMessage() + ")");
        }
    }
}
