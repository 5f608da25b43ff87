package io.fabrichealth.mbeans.alarms;

import io.fabrichealth.alarms.Alarm;
import io.fabrichealth.alarms.AlarmBook;
import io.fabrichealth.alarms.AlarmChange;
import io.fabrichealth.alarms.AlarmListener;
import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.mbeans.ObjectNames;
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

    public Alarms(AlarmBook book) {
        super(new MBeanNotificationInfo(types(), Notification.class.getName(),
                "an alarm was raised, cleared or acknowledged; userData is the alarm"));
        this.book = book;
        book.addListener(forward);
    }

    @Override
    public CompositeData[] getActiveAlarms() {
        return book.active().stream().map(AlarmComposites::of).toArray(CompositeData[]::new);
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
        return book.acknowledge(id == null ? "" : id.strip(), who);
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
        n.setUserData(AlarmComposites.of(a));
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
