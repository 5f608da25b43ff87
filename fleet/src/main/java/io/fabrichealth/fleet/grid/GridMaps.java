package io.fabrichealth.fleet.grid;

/** The grid's maps the agents share (what an operator sees in the grid): every value is a signed JSON text, so no class of ours is ever serialized. */
public final class GridMaps {
    /** Agent name -> its {@link Card}. */
    public static final String CARDS = "fabric-health.cards";
    /** Agent name -> when it was lost: agents that vanished without leaving, until they rejoin. */
    public static final String LOST = "fabric-health.lost";
    /** One key, {@link #FABRIC}: the node list of the last directed-route discovery. */
    public static final String NODES = "fabric-health.nodes";
    public static final String FABRIC = "fabric";
    /** Node GUID -> the node and its ports as its owner last swept them. */
    public static final String SWEPT = "fabric-health.swept";
    /** Node GUID -> the agent sweeping it now (with a time to live), so no two agents sweep one node at once. */
    public static final String CLAIMS = "fabric-health.claims";
    /** agent/alarm id -> an active alarm and who raised it. */
    public static final String ALARMS = "fabric-health.alarms";
    /** agent/alarm id -> a request, from any agent, that the raising agent acknowledge it. */
    public static final String ACKS = "fabric-health.acks";
    /** from|to|transport -> the last ping-pong result of one agent against one peer. */
    public static final String PEERS = "fabric-health.peers";

    private GridMaps() {
    }
}
