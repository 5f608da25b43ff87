package io.fabrichealth.mbeans.alarms;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.alarms.AlarmBook;
import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.AlarmsConfig;
import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.ObjectNames;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.Notification;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.SimpleType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Through a real MBeanServer, as JConsole and Jolokia see it. */
class AlarmsMBeanTest {
    private static final ObjectName NAME = ObjectNames.parse(AlarmsMXBean.OBJECT_NAME);
    private final MBeanServer server = MBeanServerFactory.newMBeanServer();
    private final MBeanRegistry registry = new MBeanRegistry(server);
    private final AlarmBook book = AlarmBook.inMemory(AlarmsConfig.DEFAULTS, Clock.fixed(Instant.parse("2026-11-21T10:00:00Z"), ZoneOffset.UTC));
    private final Alarms alarms = new Alarms(book);
    private final List<Notification> received = new CopyOnWriteArrayList<>();

    @BeforeEach
    void register() throws Exception {
        registry.register(NAME, alarms, AlarmsMXBean.class);
        server.addNotificationListener(NAME, (n, handback) -> received.add(n), null, null);
    }

    @AfterEach
    void unregister() {
        registry.close();
        alarms.close();
    }

    @Test
    void aPortDownLifeCycleIsVisibleAsAttributesAndNotifications() throws Exception {
        book.observe(AlarmKind.PortDown, "0x0002c90300000001/3", true, "Active -> Down");

        CompositeData[] rows = (CompositeData[]) server.getAttribute(NAME, "ActiveAlarms");
        assertThat(rows).hasSize(1);
        CompositeData row = rows[0];
        assertThat(row.get("kind")).isEqualTo("PortDown");
        assertThat(row.get("severity")).isEqualTo("MAJOR");
        assertThat(row.get("subject")).isEqualTo("0x0002c90300000001/3");
        assertThat(row.get("acknowledged")).isEqualTo(false);
        assertThat(row.getCompositeType().keySet()).allSatisfy(k ->
                assertThat(row.getCompositeType().getType(k)).as("flat: %s", k).isInstanceOf(SimpleType.class));
        CompositeData bySeverity = (CompositeData) server.getAttribute(NAME, "CountBySeverity");
        assertThat(bySeverity.get("major")).isEqualTo(1L);
        assertThat(bySeverity.get("critical")).isEqualTo(0L);

        String id = (String) row.get("id");
        Object message = server.invoke(NAME, "acknowledge", new Object[] {id, "alice"},
                new String[] {String.class.getName(), String.class.getName()});
        assertThat(message).asString().contains("acknowledged");
        book.observe(AlarmKind.PortDown, "0x0002c90300000001/3", false, "Active");

        assertThat(received).extracting(Notification::getType).containsExactly("fabric.health.alarm.raised",
                "fabric.health.alarm.acknowledged", "fabric.health.alarm.cleared");
        assertThat(received).allSatisfy(n -> {
            assertThat(n.getSource()).isEqualTo(NAME);
            CompositeData data = (CompositeData) n.getUserData();
            assertThat(data.getCompositeType()).isEqualTo(row.getCompositeType());
            assertThat(data.get("id")).isEqualTo(id);
        });
        CompositeData cleared = (CompositeData) received.get(2).getUserData();
        assertThat(cleared.get("acknowledgedBy")).isEqualTo("alice");
        assertThat((String) cleared.get("clearedAt")).isNotEmpty();
        assertThat(received).extracting(Notification::getSequenceNumber).isSorted().doesNotHaveDuplicates();
        assertThat((CompositeData[]) server.getAttribute(NAME, "ActiveAlarms")).isEmpty();
        assertThat(server.getAttribute(NAME, "RaisedCount")).isEqualTo(1L);
        assertThat(server.getAttribute(NAME, "AcknowledgedCount")).isEqualTo(1L);
        assertThat(server.getAttribute(NAME, "ClearedCount")).isEqualTo(1L);
    }

    @Test
    void acknowledgeAllByKindThroughTheServer() throws Exception {
        book.raise(AlarmKind.Corruption, "a:1", "");
        book.raise(AlarmKind.Corruption, "b:1", "");
        book.observe(AlarmKind.PortDown, "sw/1", true, "");
        String[] sig = {String.class.getName(), String.class.getName()};

        assertThat(server.invoke(NAME, "acknowledgeAll", new Object[] {"corruption", "ops"}, sig)).isEqualTo(2);
        assertThat(server.getAttribute(NAME, "UnacknowledgedCount")).isEqualTo(1L);
        assertThat(server.invoke(NAME, "acknowledgeAll", new Object[] {"", "ops"}, sig)).isEqualTo(1);
        assertThat(server.getAttribute(NAME, "ActiveCount")).as("the acknowledged PortDown stays").isEqualTo(1L);
    }

    /**
     * Asked of the implementation: MBeanRegistry's EmittingMBean does not yet pass notification info on to
     * getMBeanInfo (javax.management.StandardEmitterMBean would), so the server shows none.
     */
    @Test
    void theMBeanDescribesItsNotifications() {
        assertThat(alarms.getNotificationInfo()[0].getNotifTypes()).containsExactly(
                "fabric.health.alarm.raised", "fabric.health.alarm.cleared", "fabric.health.alarm.acknowledged",
                "fabric.health.alarm.amended");
    }

    @Test
    void afterCloseTheBookNoLongerNotifies() {
        alarms.close();
        book.raise(AlarmKind.ProbeError, "bursts", "no libfabric");
        assertThat(received).isEmpty();
    }
}
