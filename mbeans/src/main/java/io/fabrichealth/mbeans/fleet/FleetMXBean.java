package io.fabrichealth.mbeans.fleet;

import javax.management.openmbean.CompositeData;

/**
 * {@code fabric.health:type=Fleet}: the fleet of agents this one belongs to, as this agent sees it. Every agent of
 * a fleet shows the same members, owner and matrix (give or take a heartbeat).
 */
public interface FleetMXBean {
    String OBJECT_NAME = "fabric.health:type=Fleet";

    /** {@code joined <fleet> as <name>: N member(s), oldest X}, or {@code alone: <why>} with what to do. */
    String getState();

    boolean isJoined();

    /** This agent's name in the fleet. */
    String getSelf();

    /**
     * Live members, oldest first. Items: name, host, jolokiaUrl, joinedAt, startedAt, version, ca, portGuid, lid,
     * burst, pingpong, sweeps (it can run the SMP sweep: only such members own nodes), nodes (fabric nodes it sweeps
     * now), oldest, problem (empty, or why it is shown but not trusted with work).
     */
    CompositeData[] getMembers();

    /** The member that walks the fabric by directed route and publishes the node list: the oldest that can sweep. */
    String getDiscoveryOwner();

    /** Items: member, nodes. */
    CompositeData[] getNodesPerMember();

    /**
     * Who probes whom: one row per prober and peer, from its last ping-pong run. Items: from, to, result (PASS,
     * FAIL, SKIPPED, UNSUPPORTED), rttP50Micros (-1: nothing acknowledged), corruptions (either side, every
     * transport), at.
     */
    CompositeData[] getPeerMatrix();

    /** When node ownership last changed hands: at, moved, nodes, members, why. */
    CompositeData getLastRebalance();

    /** Records that were refused, members of another version, a node list that did not parse. */
    String[] getProblems();
}
