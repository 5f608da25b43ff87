package io.fabrichealth.alarms;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.AlarmsConfig;
import io.fabrichealth.config.Hysteresis;
import io.fabrichealth.config.Severity;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The one alarm model of the agent. Probe families report what they see; the book applies hysteresis, keeps the
 * active alarms, tells listeners, and (when persistent) keeps the active alarms on disk across restarts.
 *
 * <ul>
 * <li>{@link #observe}: once per sweep or run per subject. An alarm is raised after {@code raiseAfter} bad
 * observations in a row and cleared after {@code clearAfter} good ones (config {@code alarms.hysteresis}).
 * <li>{@link #raise}: a one-shot alarm, raised at once (Corruption).
 * <li>Corruption never clears on its own: acknowledging it clears it. Other kinds stay active when acknowledged
 * and clear when the subject is good again.
 * </ul>
 */
public final class AlarmBook implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(AlarmBook.class.getName());
    private final Clock clock;
    private final Map<Key, Alarm> active = new LinkedHashMap<>();
    private final Map<Key, Streak> streaks = new HashMap<>();
    private final List<AlarmListener> listeners = new CopyOnWriteArrayList<>();
    private final String loadNote;
    private volatile AlarmsConfig config;
    private volatile StateWriter writer;
    private long nextId;
    private long raisedCount;
    private long clearedCount;
    private long acknowledgedCount;

    private record Key(AlarmKind kind, String subject) {
    }

    private AlarmBook(AlarmsConfig config, Clock clock, List<Alarm> loaded, String loadNote) {
        this.config = config;
        this.clock = clock;
        this.loadNote = loadNote;
        long maxLoaded = 0;
        for (Alarm a : loaded) {
            active.put(new Key(a.kind(), a.subject()), a);
            maxLoaded = Math.max(maxLoaded, idNumber(a.id()));
        }
        // Ids count up from the clock, so they stay unique across restarts without being stored separately.
        this.nextId = Math.max(clock.millis(), maxLoaded + 1);
    }

    /** A book that forgets everything on restart: for probes' tests and for agents without a state directory. */
    public static AlarmBook inMemory(AlarmsConfig config, Clock clock) {
        return new AlarmBook(config, clock, List.of(), "alarms kept in memory only");
    }

    /**
     * A book whose active alarms survive restarts in {@code <stateDir>/alarms.json}. Never fails because of the
     * file: a missing one starts empty; an unreadable one starts empty and is reported through {@code problems}
     * (also later save failures).
     */
    public static AlarmBook persistent(AlarmsConfig config, Path stateDir, Clock clock, Consumer<String> problems) {
        AlarmStore store = new AlarmStore(stateDir, clock);
        StoreLoad load = store.load();
        load.problem().ifPresent(problems);
        AlarmBook book = new AlarmBook(config, clock, load.alarms(), load.note());
        book.writer = new StateWriter(store, book::active, problems);
        return book;
    }

    /** What loading the saved state found ("loaded 2 alarm(s) from ..."), for the log. */
    public String loadNote() {
        return loadNote;
    }

    /** A reload changes hysteresis from the next observation on; counts in progress are kept. */
    public void reconfigure(AlarmsConfig newConfig) {
        this.config = newConfig;
    }

    public void addListener(AlarmListener listener) {
        listeners.add(listener);
    }

    public void removeListener(AlarmListener listener) {
        listeners.remove(listener);
    }

    /** The book as the probes see it: they report, the book applies hysteresis and keeps the state. */
    public AlarmSink sink() {
        return new AlarmSink() {
            @Override
            public void observe(AlarmKind kind, String subject, boolean bad, String details) {
                AlarmBook.this.observe(kind, subject, bad, details);
            }

            @Override
            public void raise(AlarmKind kind, String subject, String details) {
                AlarmBook.this.raise(kind, subject, details);
            }

            @Override
            public void amend(AlarmKind kind, String subject, String details) {
                AlarmBook.this.amend(kind, subject, details);
            }

            @Override
            public void handOver(AlarmKind kind, String subject, String to) {
                AlarmBook.this.handOver(kind, subject, to);
            }
        };
    }

    /**
     * This agent no longer watches {@code subject} (another member of the fleet sweeps it now): its alarm of
     * {@code kind} on it clears at once and its streak is forgotten. The new watcher raises its own if the subject
     * is still bad. A Corruption alarm is never handed over: only a person clears it.
     */
    public synchronized void handOver(AlarmKind kind, String subject, String to) {
        Key key = new Key(kind, subject);
        streaks.remove(key);
        Alarm current = active.get(key);
        if (current != null && kind.clearsItself()) {
            clear(key, current.seenAgain(current.details() + " (now watched by " + to + ")", clock.instant()),
                    clock.instant());
        }
    }

    /**
     * One observation of {@code subject}: {@code bad} or good. {@code details} say what was seen and replace the
     * alarm's details while it is active.
     *
     * @return the alarm active on the subject after this observation
     */
    public synchronized Optional<Alarm> observe(AlarmKind kind, String subject, boolean bad, String details) {
        Key key = new Key(kind, subject);
        Alarm current = active.get(key);
        Hysteresis h = config.hysteresis(kind);
        Instant now = clock.instant();
        if (bad) {
            int inARow = streaks.computeIfAbsent(key, k -> new Streak()).bad();
            if (current != null) {
                update(key, current.seenAgain(details, now));
            } else if (inARow >= h.raiseAfter()) {
                raiseNew(key, details, now);
            }
        } else if (current == null) {
            streaks.remove(key); // good and quiet: nothing to remember
        } else {
            int inARow = streaks.computeIfAbsent(key, k -> new Streak()).good();
            if (kind.clearsItself() && inARow >= h.clearAfter()) {
                clear(key, current, now);
            }
        }
        return Optional.ofNullable(active.get(key));
    }

    /** Raises at once, without hysteresis; an alarm already active on the subject is seen again instead. */
    public synchronized Alarm raise(AlarmKind kind, String subject, String details) {
        Key key = new Key(kind, subject);
        Alarm current = active.get(key);
        Instant now = clock.instant();
        if (current != null) {
            update(key, current.seenAgain(details, now));
        } else {
            raiseNew(key, details, now);
        }
        return active.get(key);
    }

    /**
     * New details for the active alarm of {@code kind} on {@code subject}, told to the listeners as AMENDED; its
     * count and times stay. Evidence that arrives after the raise (a ping-pong's path, read once the run ended).
     *
     * @return the amended alarm, or empty when none is active
     */
    public synchronized Optional<Alarm> amend(AlarmKind kind, String subject, String details) {
        Key key = new Key(kind, subject);
        Alarm current = active.get(key);
        if (current == null || current.details().equals(details)) {
            return Optional.ofNullable(current);
        }
        Alarm amended = current.withDetails(details);
        active.put(key, amended);
        changed(AlarmChange.Type.AMENDED, amended);
        return Optional.of(amended);
    }

    /** @return what happened, in words for the operator who asked */
    public synchronized String acknowledge(String id, String who) {
        if (who == null || who.isBlank()) {
            return "not acknowledged: say who acknowledges (a name or ticket), e.g. acknowledge(\"" + id
                    + "\", \"alice\")";
        }
        for (Map.Entry<Key, Alarm> e : active.entrySet()) {
            Alarm a = e.getValue();
            if (a.id().equals(id)) {
                if (a.acknowledged()) {
                    return "alarm " + id + " was already acknowledged by " + a.acknowledgedBy() + " at "
                            + a.acknowledgedAt();
                }
                acknowledge(e.getKey(), a, who.strip());
                return "acknowledged " + describe(a) + (a.kind().clearsItself()
                        ? "; it clears when the subject is good again" : "; cleared");
            }
        }
        return "no active alarm has id " + id + "; read ActiveAlarms for the ids";
    }

    /**
     * Acknowledges every unacknowledged active alarm of {@code kind}, or of every kind when {@code kind} is
     * empty.
     *
     * @return how many were acknowledged
     * @throws IllegalArgumentException for an unknown kind or a blank {@code who}
     */
    public synchronized int acknowledgeAll(Optional<AlarmKind> kind, String who) {
        if (who == null || who.isBlank()) {
            throw new IllegalArgumentException("say who acknowledges (a name or ticket)");
        }
        int n = 0;
        for (Map.Entry<Key, Alarm> e : List.copyOf(active.entrySet())) {
            Alarm a = e.getValue();
            if (!a.acknowledged() && kind.map(k -> k == a.kind()).orElse(true)) {
                acknowledge(e.getKey(), a, who.strip());
                n++;
            }
        }
        return n;
    }

    /** The active alarms, oldest first. */
    public synchronized List<Alarm> active() {
        return List.copyOf(active.values());
    }

    public synchronized Optional<Alarm> active(AlarmKind kind, String subject) {
        return Optional.ofNullable(active.get(new Key(kind, subject)));
    }

    /** Active alarms per severity; every severity is present. */
    public synchronized Map<Severity, Long> countBySeverity() {
        Map<Severity, Long> counts = new EnumMap<>(Severity.class);
        for (Severity s : Severity.values()) {
            counts.put(s, 0L);
        }
        active.values().forEach(a -> counts.merge(a.severity(), 1L, Long::sum));
        return counts;
    }

    /** Alarms raised since this book was opened (loaded ones not included). */
    public synchronized long raisedCount() {
        return raisedCount;
    }

    public synchronized long clearedCount() {
        return clearedCount;
    }

    public synchronized long acknowledgedCount() {
        return acknowledgedCount;
    }

    /** Waits until the state file holds every change so far; a no-op for an in-memory book. */
    public void flush() {
        StateWriter w = writer;
        if (w != null) {
            w.flush();
        }
    }

    /** Writes the last state and stops the writer thread. */
    @Override
    public void close() {
        StateWriter w = writer;
        if (w != null) {
            w.close();
        }
    }

    private void raiseNew(Key key, String details, Instant now) {
        Alarm a = Alarm.raised(Long.toString(nextId++, 36), key.kind(), key.subject(), details, now);
        active.put(key, a);
        raisedCount++;
        changed(AlarmChange.Type.RAISED, a);
    }

    private void update(Key key, Alarm a) {
        active.put(key, a);
        save();
    }

    private void acknowledge(Key key, Alarm a, String who) {
        Instant now = clock.instant();
        Alarm acked = a.acknowledge(who, now);
        active.put(key, acked);
        acknowledgedCount++;
        changed(AlarmChange.Type.ACKNOWLEDGED, acked);
        if (!a.kind().clearsItself()) {
            clear(key, acked, now);
        }
    }

    private void clear(Key key, Alarm a, Instant now) {
        active.remove(key);
        streaks.remove(key);
        clearedCount++;
        changed(AlarmChange.Type.CLEARED, a.clear(now));
    }

    private void changed(AlarmChange.Type type, Alarm a) {
        save();
        AlarmChange change = new AlarmChange(type, a);
        for (AlarmListener l : listeners) {
            try {
                l.changed(change);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "alarm listener failed; the alarm book carries on", e);
            }
        }
    }

    private void save() {
        if (writer != null) {
            writer.request();
        }
    }

    private static String describe(Alarm a) {
        return a.kind() + " alarm " + a.id() + " on " + a.subject();
    }

    private static long idNumber(String id) {
        try {
            return Long.parseLong(id, 36);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** For tests and diagnostics. */
    @Override
    public synchronized String toString() {
        List<String> rows = new ArrayList<>();
        active.values().forEach(a -> rows.add(describe(a)));
        return "AlarmBook" + rows;
    }
}
