package io.fabrichealth.mbeans.alarms;

import io.fabrichealth.alarms.Alarm;
import io.fabrichealth.alarms.AlarmBook;
import io.fabrichealth.alarms.AlarmChange;
import io.fabrichealth.alarms.AlarmListener;
import io.fabrichealth.alarms.FleetAlarms;
import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.mbeans.ObjectNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.MBeanNotificationInfo;
import javax.management.Notification;
import javax.management.NotificationBroadcasterSupport;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;

/**
 * {@code fabric.health:type=Alarms}: reads the alarm book and turns its changes into notifications. Register
 * with {@code MBeanRegistry.register(name, alarms, AlarmsMXBean.class)}; {@link #close()} on undeploy detaches it
 * from the book.
 */
public final class Alarms extends NotificationBroadcasterSupport implements AlarmsMXBean, AutoCloseable {
    private static final ObjectName NAME = ObjectNames.parse(OBJECT_NAME);

    private final AlarmBook book;
    private final AtomicLong sequence = new AtomicLong();
    private final AlarmListener forward = this::send;
    private volatile String self = "";
    private volatile FleetAlarms fleet = FleetAlarms.NONE;

    public Alarms(AlarmBook book) {
        super(new MBeanNotificationInfo(types(), Notification.class.getName(),
                "an alarm was raised, cleared or acknowledged; userData is the alarm"));
        this.book = book;
        book.addListener(forward);
    }

    /** From now on ActiveAlarms also lists the alarms the fleet's other agents raised, each with its RaisedBy. */
    public void attachFleet(String agentName, FleetAlarms alarms) {
        this.self = agentName;
        this.fleet = alarms;
    }

    @Override
    public CompositeData[] getActiveAlarms() {
        List<CompositeData> rows = new ArrayList<>();
        String me = self;
        book.active().forEach(a -> rows.add(AlarmComposites.of(a, me)));
        for (FleetAlarms.Raised r : fleet.others()) {
            rows.add(AlarmComposites.of(r.fleetId(), r.alarm(), r.raisedBy()));
        }
        return rows.toArray(CompositeData[]::new);
    }

    @Override
    public CompositeData getCountBySeverity() {
        return AlarmComposites.of(book.countBySeverity());
    }

    @Override
    public long getActiveCount() {
        return book.active().size();
    }

    @Override
    public long getUnacknowledgedCount() {
        return book.active().stream().filter(a -> !a.acknowledged()).count();
    }

    @Override
    public long getRaisedCount() {
        return book.raisedCount();
    }

    @Override
    public long getClearedCount() {
        return book.clearedCount();
    }

    @Override
    public long getAcknowledgedCount() {
        return book.acknowledgedCount();
    }

    @Override
    public String acknowledge(String id, String who) {
        String i = id == null ? "" : id.strip();
        int slash = i.lastIndexOf('/');
        if (slash > 0) { // agent/id: another agent's alarm, acknowledged where it lives
            return fleet.acknowledge(i.substring(0, slash), i.substring(slash + 1), who);
        }
        return book.acknowledge(i, who);
    }

    @Override
    public int acknowledgeAll(String kind, String who) {
        String k = kind == null ? "" : kind.strip();
        return book.acknowledgeAll(k.isEmpty() || k.equals("*") ? Optional.empty() : Optional.of(AlarmKind.parse(k)),
                who);
    }

    /** Stops forwarding the book's changes. */
    @Override
    public void close() {
        book.removeListener(forward);
    }

    private void send(AlarmChange change) {
        Alarm a = change.alarm();
        String verb = change.type().name().toLowerCase(Locale.ROOT);
        Notification n = new Notification(change.type().notificationType(), NAME, sequence.incrementAndGet(),
                System.currentTimeMillis(), a.severity() + " " + a.kind() + " " + verb + " on " + a.subject()
                        + (a.details().isEmpty() ? "" : ": " + a.details()));
        n.setUserData(AlarmComposites.of(a, self));
        sendNotification(n);
    }

    private static String[] types() {
        AlarmChange.Type[] all = AlarmChange.Type.values();
        String[] out = new String[all.length];
        for (int i = 0; i < all.length; i++) {
            out[i] = all[i].notificationType();
        }
        return out;
    }
}
