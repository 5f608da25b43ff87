package io.fabrichealth.fleet.grid;

import com.hazelcast.core.EntryEvent;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.map.listener.EntryAddedListener;
import com.hazelcast.map.listener.EntryUpdatedListener;
import io.fabrichealth.alarms.Alarm;
import io.fabrichealth.alarms.AlarmBook;
import io.fabrichealth.alarms.AlarmChange;
import io.fabrichealth.alarms.AlarmJson;
import io.fabrichealth.alarms.AlarmListener;
import io.fabrichealth.alarms.FleetAlarms;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Logger;
import org.jolokia.json.JSONObject;

/**
 * Every agent's active alarms in the grid, keyed {@code agent/id}: each agent writes its own (on raise,
 * acknowledgement and clear, in the order its book made them) and reads everyone's. An acknowledgement typed on
 * another agent arrives as a request in {@code fabric-health.acks}; the raising agent acknowledges in its own book,
 * whose change then reaches every agent.
 */
public final class GridAlarms implements FleetAlarms, AlarmListener, AutoCloseable {
    private static final Logger LOG = Logger.getLogger(GridAlarms.class.getName());
    private final Fleet fleet;
    private final AlarmBook book;
    private final HazelcastInstance grid;
    private final Seal seal;
    private final String self;
    private final UUID acksRegistration;

    public GridAlarms(Fleet fleet, AlarmBook book) {
        this.fleet = fleet;
        this.book = book;
        this.grid = fleet.grid();
        this.seal = fleet.seal();
        this.self = fleet.card().name();
        acksRegistration = grid.<String, String>getMap(GridMaps.ACKS).addEntryListener(new Requests(), true);
        book.addListener(this);
        fleet.onFleetThread(() -> book.active().forEach(this::publish));
    }

    @Override
    public void changed(AlarmChange change) {
        Alarm a = change.alarm();
        fleet.onFleetThread(() -> {
            if (a.active()) {
                publish(a);
            } else {
                grid.<String, String>getMap(GridMaps.ALARMS).remove(key(self, a.id()));
            }
        });
    }

    private void publish(Alarm a) {
        grid.<String, String>getMap(GridMaps.ALARMS).set(key(self, a.id()), seal.seal(toJson(self, a)));
    }

    @Override
    public List<Raised> others() {
        List<String> live = fleet.view().names();
        List<Raised> out = new ArrayList<>();
        for (Map.Entry<String, String> e : grid.<String, String>getMap(GridMaps.ALARMS).entrySet()) {
            try {
                Raised r = fromJson(seal.open(e.getValue()));
                if (!r.raisedBy().equals(self) && live.contains(r.raisedBy())) {
                    out.add(r);
                }
            } catch (RecordException ex) {
                LOG.fine("fabric-health: skipped fleet alarm " + e.getKey() + ": " + ex.getMessage());
            }
        }
        out.sort((x, y) -> x.alarm().raisedAt().compareTo(y.alarm().raisedAt()));
        return out;
    }

    @Override
    public String acknowledge(String agent, String id, String who) {
        if (who == null || who.isBlank()) {
            return "not acknowledged: say who acknowledges (a name or ticket)";
        }
        if (agent.equals(self)) {
            return book.acknowledge(id, who);
        }
        String key = key(agent, id);
        if (!grid.<String, String>getMap(GridMaps.ALARMS).containsKey(key)) {
            return "no active alarm has id " + key + "; read ActiveAlarms for the ids";
        }
        JSONObject o = new JSONObject();
        o.put("who", who.strip());
        o.put("on", self);
        o.put("at", Instant.now().toString());
        grid.<String, String>getMap(GridMaps.ACKS).set(key, seal.seal(o.toJSONString()));
        return "asked " + agent + ", which raised alarm " + key + ", to acknowledge it; every agent shows the "
                + "acknowledgement once " + agent + " has made it";
    }

    /** Acknowledgements typed elsewhere for alarms of this agent. */
    private final class Requests implements EntryAddedListener<String, String>, EntryUpdatedListener<String, String> {
        @Override
        public void entryAdded(EntryEvent<String, String> e) {
            handle(e.getKey(), e.getValue());
        }

        @Override
        public void entryUpdated(EntryEvent<String, String> e) {
            handle(e.getKey(), e.getValue());
        }

        private void handle(String key, String value) {
            if (!key.startsWith(self + "/")) {
                return;
            }
            fleet.onFleetThread(() -> {
                try {
                    Json j = Json.parse(seal.open(value), "acknowledgement");
                    String said = book.acknowledge(key.substring(self.length() + 1),
                            j.string("who") + " (on " + j.string("on") + ")");
                    LOG.info("fabric-health: acknowledgement from " + j.string("on") + ": " + said);
                } catch (RecordException ex) {
                    LOG.warning("fabric-health: refused an acknowledgement of " + key + ": " + ex.getMessage());
                } finally {
                    grid.<String, String>getMap(GridMaps.ACKS).remove(key, value);
                }
            });
        }
    }

    static String key(String agent, String id) {
        return agent + "/" + id;
    }

    static String toJson(String raisedBy, Alarm a) {
        JSONObject o = AlarmJson.row(a);
        o.put("raisedBy", raisedBy);
        return o.toJSONString();
    }

    static Raised fromJson(String text) {
        Json j = Json.parse(text, "fleet alarm");
        try {
            return new Raised(j.string("raisedBy"), AlarmJson.alarm(j.object()));
        } catch (IllegalArgumentException e) {
            throw new RecordException("the fleet alarm was refused: " + e.getMessage());
        }
    }

    @Override
    public void close() {
        book.removeListener(this);
        try {
            grid.getMap(GridMaps.ACKS).removeEntryListener(acksRegistration);
        } catch (RuntimeException e) {
            // the grid is already gone
        }
    }
}
