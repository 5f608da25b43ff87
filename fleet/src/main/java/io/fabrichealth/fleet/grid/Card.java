package io.fabrichealth.fleet.grid;

import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.Transport;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jolokia.json.JSONArray;
import org.jolokia.json.JSONObject;

/**
 * What one agent tells the fleet about itself: who it is, where to read it, where to probe it, and where it sits
 * on the fabric. Published in the grid under the agent's name; a card whose grid member is gone is stale.
 *
 * @param member the Hazelcast member UUID of the agent's Payara; ties the card to a live grid member
 * @param burst where its burst target listens (bursts.listen)
 * @param pingpong where its ping-pong responder listens (pingpong.listen), over each of {@code transports}
 * @param ca local HCA, empty until the first sweep found it; {@code portGuid} and {@code lid} likewise (0)
 * @param sweeps it can run the SMP sweep (libibumad loaded, an smp-sweep schedule on): only such members discover
 *     and own nodes, so a host without HCA access never leaves a share of the fabric unswept
 * @param version the agent's version: members of another card format are listed but not trusted with work
 */
public record Card(String name, String host, String member, String jolokiaUrl, HostPort burst, HostPort pingpong,
        List<Transport> transports, boolean sweeps, String ca, int port, long portGuid, int lid, String version,
        Instant startedAt, Instant joinedAt) {

    /** Bump when a field changes meaning; agents of another format are shown, never given nodes or peers. */
    public static final long FORMAT = 1;

    public Card withFabricPort(String newCa, int newPort, long newPortGuid, int newLid) {
        return new Card(name, host, member, jolokiaUrl, burst, pingpong, transports, sweeps, newCa, newPort, newPortGuid,
                newLid, version, startedAt, joinedAt);
    }

    public Card joined(String newMember, Instant at) {
        return new Card(name, host, newMember, jolokiaUrl, burst, pingpong, transports, sweeps, ca, port, portGuid, lid,
                version, startedAt, at);
    }

    /** The card as it is stored in the grid (before the seal). */
    public String toJson() {
        JSONObject o = new JSONObject();
        o.put("format", FORMAT);
        o.put("name", name);
        o.put("host", host);
        o.put("member", member);
        o.put("jolokiaUrl", jolokiaUrl);
        o.put("burst", text(burst));
        o.put("pingpong", text(pingpong));
        JSONArray t = new JSONArray();
        transports.forEach(x -> t.add(x.name()));
        o.put("transports", t);
        o.put("sweeps", sweeps);
        o.put("ca", ca);
        o.put("port", port);
        o.put("portGuid", String.format("0x%016x", portGuid));
        o.put("lid", lid);
        o.put("version", version);
        o.put("startedAt", startedAt.toString());
        o.put("joinedAt", joinedAt.toString());
        return o.toJSONString();
    }

    /** @throws RecordException naming what is wrong, for the Fleet MBean's problems */
    static Card fromJson(String text) {
        Json j = Json.parse(text, "card");
        long format = j.number("format");
        if (format != FORMAT) {
            throw new RecordException("a card of format " + format + " (this agent reads format " + FORMAT
                    + "): upgrade the agents to one version");
        }
        List<Transport> transports = new ArrayList<>();
        for (String t : j.strings("transports")) {
            try {
                transports.add(Transport.valueOf(t));
            } catch (IllegalArgumentException e) {
                throw new RecordException("the card names transport '" + t + "', which this agent does not know");
            }
        }
        return new Card(j.string("name"), j.string("host"), j.string("member"), j.string("jolokiaUrl"),
                j.hostPort("burst"), j.hostPort("pingpong"), List.copyOf(transports), j.bool("sweeps"), j.string("ca"),
                (int) j.number("port"), j.guid("portGuid"), (int) j.number("lid"), j.string("version"),
                j.instant("startedAt"), j.instant("joinedAt"));
    }

    static String text(HostPort hp) {
        return (hp.host().contains(":") ? "[" + hp.host() + "]" : hp.host()) + ":" + hp.port();
    }
}
