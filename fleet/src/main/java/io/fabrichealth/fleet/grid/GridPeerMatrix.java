package io.fabrichealth.fleet.grid;

import io.fabrichealth.probes.pingpong.PingPongListener;
import io.fabrichealth.probes.pingpong.PingPongResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import org.jolokia.json.JSONObject;

/**
 * Who probes whom, and how it went: each agent writes one row per peer and transport after every ping-pong run,
 * and every agent reads all rows of live members for the Fleet MBean.
 */
public final class GridPeerMatrix implements PingPongListener {
    private static final Logger LOG = Logger.getLogger(GridPeerMatrix.class.getName());
    private final Fleet fleet;

    /**
     * One probing pair.
     *
     * @param to the probed agent's name, or the address when it is not a member (a static peer)
     * @param rttP50Micros -1 when nothing was acknowledged
     */
    public record Row(String from, String to, String transport, String result, double rttP50Micros, long corruptions,
            Instant at) {
    }

    public GridPeerMatrix(Fleet fleet) {
        this.fleet = fleet;
    }

    @Override
    public void onResult(PingPongResult r) {
        String to = nameOf(r.peer());
        JSONObject o = new JSONObject();
        o.put("from", fleet.card().name());
        o.put("to", to);
        o.put("transport", r.transport().name());
        o.put("result", r.outcome().name());
        o.put("rttP50Micros", r.stats().rttP50Micros());
        o.put("corruptions", r.corruptionCount());
        o.put("at", r.at().toString());
        String key = fleet.card().name() + "|" + to + "|" + r.transport().name();
        fleet.onFleetThread(() -> fleet.grid().<String, String>getMap(GridMaps.PEERS)
                .set(key, fleet.seal().seal(o.toJSONString())));
    }

    /** The member whose ping-pong responder listens at {@code address}, else the address itself. */
    private String nameOf(String address) {
        for (Member m : fleet.view().members()) {
            if (Card.text(m.card().pingpong()).equals(address) || m.card().pingpong().toString().equals(address)) {
                return m.name();
            }
        }
        return address;
    }

    /** Rows whose prober is a live member, by prober then target. */
    public List<Row> rows() {
        List<String> live = fleet.view().members().stream().map(Member::name).toList();
        List<Row> out = new ArrayList<>();
        for (Map.Entry<String, String> e : fleet.grid().<String, String>getMap(GridMaps.PEERS).entrySet()) {
            try {
                Json j = Json.parse(fleet.seal().open(e.getValue()), "peer matrix row");
                Row row = new Row(j.string("from"), j.string("to"), j.string("transport"), j.string("result"),
                        ((Number) j.object().get("rttP50Micros")).doubleValue(), j.number("corruptions"), j.instant("at"));
                if (live.contains(row.from())) {
                    out.add(row);
                }
            } catch (RecordException | ClassCastException | NullPointerException ex) {
                LOG.fine("fabric-health: skipped peer matrix row " + e.getKey() + ": " + ex.getMessage());
            }
        }
        out.sort(Comparator.comparing(Row::from).thenComparing(Row::to).thenComparing(Row::transport));
        return out;
    }
}
