package io.fabrichealth.mbeans.alarms;

import javax.management.openmbean.CompositeData;

/**
 * The agent's alarms. Each raise, clear and acknowledgement is also sent as a notification of type
 * {@code fabric.health.alarm.raised|cleared|acknowledged} whose userData is the alarm, in the same flat shape as an
 * ActiveAlarms row. Read the attribute too: notifications can be lost in transit.
 */
public interface AlarmsMXBean {
    String OBJECT_NAME = "fabric.health:type=Alarms";

    /**
     * The active alarms, this agent's first, oldest first. Items: id, kind, severity, subject, raisedAt,
     * lastSeenAt, count, details, acknowledged, acknowledgedBy, acknowledgedAt (empty = not acknowledged),
     * clearedAt (empty while active), raisedBy (the agent that raised it; empty outside a fleet). In a fleet the
     * other agents' alarms are listed too, with ids {@code agent/id}. The counts below are this agent's own.
     */
    CompositeData[] getActiveAlarms();

    /** Active alarms per severity: critical, major, minor, warning. */
    CompositeData getCountBySeverity();

    long getActiveCount();

    /** Active alarms nobody has acknowledged yet. */
    long getUnacknowledgedCount();

    /** Raised since the agent started (alarms restored from the state file are not counted). */
    long getRaisedCount();

    long getClearedCount();

    long getAcknowledgedCount();

    /**
     * Acknowledges one alarm. A Corruption alarm clears when acknowledged; others clear when the subject is good.
     *
     * @param id the alarm's id from ActiveAlarms; {@code agent/id} acknowledges another agent's alarm there, and
     *     every agent of the fleet then shows it acknowledged (a Corruption alarm: cleared)
     * @param who a name or ticket, kept on the alarm
     * @return what happened, in words
     */
    String acknowledge(String id, String who);

    /**
     * Acknowledges every unacknowledged active alarm of a kind (PortDown, Corruption, ...; case-insensitive), or
     * of all kinds when {@code kind} is empty or {@code *}.
     *
     * @return how many were acknowledged
     */
    int acknowledgeAll(String kind, String who);
}
