package io.fabrichealth.alarms;

/** One transition of one alarm, as the book tells its listeners; {@code alarm} is the state after it. */
public record AlarmChange(Type type, Alarm alarm) {

    public enum Type {
        RAISED("fabric.health.alarm.raised"),
        CLEARED("fabric.health.alarm.cleared"),
        ACKNOWLEDGED("fabric.health.alarm.acknowledged"),
        /** Its details gained evidence found after it was raised (a run's path), without counting a new sighting. */
        AMENDED("fabric.health.alarm.amended");

        private final String notificationType;

        Type(String notificationType) {
            this.notificationType = notificationType;
        }

        /** The JMX notification type. */
        public String notificationType() {
            return notificationType;
        }
    }
}
