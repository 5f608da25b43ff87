package io.fabrichealth.alarms;

import java.util.List;

/**
 * The alarms of the other agents of a fleet, so every agent shows all of them, and the way to acknowledge one
 * where it lives: the agent that raised an alarm owns it, and an acknowledgement typed on any agent is carried to
 * that one, whose book then clears or keeps it as for its own.
 */
public interface FleetAlarms {
    /** A single agent: no one else raises anything. */
    FleetAlarms NONE = new FleetAlarms() {
        @Override
        public List<Raised> others() {
            return List.of();
        }

        @Override
        public String acknowledge(String agent, String id, String who) {
            return "no agent named " + agent + " is in a fleet with this one";
        }
    };

    /** An alarm and the agent that raised it. */
    record Raised(String raisedBy, Alarm alarm) {
        /** The id other agents use for it: {@code agent/id}. */
        public String fleetId() {
            return raisedBy + "/" + alarm.id();
        }
    }

    /** Active alarms that other live agents raised. */
    List<Raised> others();

    /** Asks {@code agent} to acknowledge its alarm {@code id}; returns what happened, in words. */
    String acknowledge(String agent, String id, String who);
}
