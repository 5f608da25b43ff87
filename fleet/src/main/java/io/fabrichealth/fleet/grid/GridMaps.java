package io.fabrichealth.fleet.grid;

/** The grid's maps the agents share: every value is a signed JSON text, so no class of ours is ever serialized. */
final class GridMaps {
    /** Agent name -> its {@link Card}. */
    static final String CARDS = "fabric-health.cards";
    /** Agent name -> when it was lost: agents that vanished without leaving, until they rejoin. */
    static final String LOST = "fabric-health.lost";
    /** One key, {@link #FABRIC}: the node list of the last directed-route discovery. */
    static final String NODES = "fabric-health.nodes";
    static final String FABRIC = "fabric";
    /** Node GUID -> the node and its ports as its owner last swept them. */
    static final String SWEPT = "fabric-health.swept";
    /** Node GUID -> the agent sweeping it now (with a time to live), so no two agents sweep one node at once. */
    static final String CLAIMS = "fabric-health.claims";
    /** agent/alarm id -> an active alarm and who raised it. */
    static final String ALARMS = "fabric-health.alarms";
    /** agent/alarm id -> a request, from any agent, that the raising agent acknowledge it. */
    static final String ACKS = "fabric-health.acks";
    /** from|to|transport -> the last ping-pong result of one agent against one peer. */
    static final String PEERS = "fabric-health.peers";

    private GridMaps() {
    }
}
