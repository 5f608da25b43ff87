package io.fabrichealth.mbeans.schedules;

import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.ObjectNames;
import io.fabrichealth.schedules.ScheduleControl;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.management.ObjectName;

/**
 * Keeps one {@code fabric.health:type=Schedule,name=<name>} MBean per live schedule. Call {@link #sync} after
 * {@code Schedules.start} and after every {@code Schedules.apply}: new schedules appear, removed ones disappear,
 * and a schedule whose control was replaced is registered again.
 */
public final class ScheduleMBeans implements AutoCloseable {
    private final MBeanRegistry registry;
    private final Map<ObjectName, ScheduleControl> shown = new HashMap<>();

    public ScheduleMBeans(MBeanRegistry registry) {
        this.registry = registry;
    }

    public static ObjectName nameOf(String schedule) {
        return ObjectNames.of("Schedule", "name", schedule);
    }

    /**
     * @throws IllegalStateException listing every name that could not be (un)registered; the others are done
     */
    public synchronized void sync(Collection<ScheduleControl> live) {
        List<String> failures = new ArrayList<>();
        Map<ObjectName, ScheduleControl> wanted = new HashMap<>();
        live.forEach(c -> wanted.put(nameOf(c.name()), c));
        for (ObjectName name : List.copyOf(shown.keySet())) {
            if (wanted.get(name) != shown.get(name)) {
                try {
                    registry.unregister(name);
                } catch (RuntimeException e) {
                    failures.add(e.getMessage());
                }
                shown.remove(name);
            }
        }
        wanted.forEach((name, control) -> {
            if (!shown.containsKey(name)) {
                try {
                    registry.register(name, new ScheduleView(control), ScheduleMXBean.class);
                    shown.put(name, control);
                } catch (RuntimeException e) {
                    failures.add(e.getMessage());
                }
            }
        });
        if (!failures.isEmpty()) {
            throw new IllegalStateException("schedule MBeans out of step: " + failures);
        }
    }

    public synchronized List<ObjectName> names() {
        return List.copyOf(shown.keySet());
    }

    /** Unregisters every schedule MBean this helper registered. */
    @Override
    public synchronized void close() {
        sync(List.of());
    }
}
