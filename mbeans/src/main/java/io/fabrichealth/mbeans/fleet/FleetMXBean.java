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

    /**
     * The cables that lie on the route of every failing pair of the peer matrix and on no passing pair's route
     * (deterministic set intersection over the traced routes between the members' ports, no statistics), with
     * the evidence. Items: link ({@code 0x<GUID>/<port> <-> 0x<GUID>/<port>}), failing (each failing pair and its
     * result), passingChecked (passing pairs whose routes avoid it), counters (what the sweeps say of its two
     * ends). Empty when nothing fails, or when the failures share no cable (see {@link #getLocalizationNotes()}).
     */
    CompositeData[] getSuspectLinks();

    /** Why a failing pair could not take part (no route), or why no cable could be named. */
    String[] getLocalizationNotes();

    /** When node ownership last changed hands: at, moved, nodes, members, why. */
    CompositeData getLastRebalance();

    /** Records that were refused, members of another version, a node list that did not parse. */
    String[] getProblems();
}
