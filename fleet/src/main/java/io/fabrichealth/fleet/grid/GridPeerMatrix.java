package io.fabrichealth.fleet.grid;

import io.fabrichealth.probes.pingpong.PeerRun;
import io.fabrichealth.probes.pingpong.PingPongListener;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import org.jolokia.json.JSONObject;

/**
 * Who probes whom, and how it went: each agent writes one row per peer after every ping-pong run (all its
 * transports together), and every agent reads all rows of live members for the Fleet MBean.
 */
public final class GridPeerMatrix implements PingPongListener {
    private static final Logger LOG = Logger.getLogger(GridPeerMatrix.class.getName());
    private final Fleet fleet;

    /**
     * One probing pair.
     *
     * @param to the probed peer's name (an agent's name, or a static peer's)
     * @param result PASS, FAIL, SKIPPED or UNSUPPORTED: the run's outcome over all its transports
     * @param rttP50Micros of the first transport that acknowledged anything; -1 when none did
     * @param corruptions corrupted payloads either side found, over all transports
     */
    public record Row(String from, String to, String result, double rttP50Micros, long corruptions, Instant at) {
    }

    public GridPeerMatrix(Fleet fleet) {
        this.fleet = fleet;
    }

    @Override
    public void onPeer(PeerRun r) {
        JSONObject o = new JSONObject();
        o.put("from", fleet.card().name());
        o.put("to", r.peer());
        o.put("result", r.status().name());
        o.put("rttP50Micros", r.rttP50Micros());
        o.put("corruptions", r.corruptions());
        o.put("at", r.at().toString());
        String key = fleet.card().name() + "|" + r.peer();
        fleet.onFleetThread(() -> fleet.grid().<String, String>getMap(GridMaps.PEERS)
                .set(key, fleet.seal().seal(o.toJSONString())));
    }

    /** Rows whose prober is a live member, by prober then target. */
    public List<Row> rows() {
        List<String> live = fleet.view().members().stream().map(Member::name).toList();
        List<Row> out = new ArrayList<>();
        for (Map.Entry<String, String> e : fleet.grid().<String, String>getMap(GridMaps.PEERS).entrySet()) {
            try {
                Json j = Json.parse(fleet.seal().open(e.getValue()), "peer matrix row");
                Row row = new Row(j.string("from"), j.string("to"), j.string("result"),
                        ((Number) j.object().get("rttP50Micros")).doubleValue(), j.number("corruptions"), j.instant("at"));
                if (live.contains(row.from())) {
                    out.add(row);
                }
            } catch (RecordException | ClassCastException | NullPointerException ex) {
                LOG.fine("fabric-health: skipped peer matrix row " + e.getKey() + ": " + ex.getMessage());
            }
        }
        out.sort(Comparator.comparing(Row::from).thenComparing(Row::to));
        return out;
    }
}
