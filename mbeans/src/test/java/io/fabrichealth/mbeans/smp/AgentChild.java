package io.fabrichealth.mbeans.smp;

import io.fabrichealth.config.AlarmsConfig;
import io.fabrichealth.config.Durations;
import io.fabrichealth.config.FlappingConfig;
import io.fabrichealth.config.SmpConfig;
import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.ObjectNames;
import io.fabrichealth.alarms.Alarm;
import io.fabrichealth.alarms.AlarmBook;
import io.fabrichealth.mbeans.alarms.Alarms;
import io.fabrichealth.mbeans.alarms.AlarmsMXBean;
import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.probes.ProbeResult;
import io.fabrichealth.probes.smp.SmpSweepProbe;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;

/**
 * A small agent in its own JVM (umad2sim must be preloaded into the process that sends MADs): the SMP probe, its
 * MBeans and the real alarm book, on the platform MBeanServer. The test drives it over stdin, one command a line,
 * and reads one answer line and a "." back:
 * {@code sweep}, {@code get <ObjectName> <Attribute>}, {@code guid <NodeDescription>}, {@code alarms},
 * {@code notifications} (received from the Alarms MBean), {@code quit}.
 */
public final class AgentChild {
    private static final List<String> NOTIFICATIONS = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** The defaults, with {@code -Dfh.test.flappingWindow=3s} for tests that need an outage longer than it. */
    private static SmpConfig config() {
        String window = System.getProperty("fh.test.flappingWindow");
        SmpConfig d = SmpConfig.DEFAULTS;
        return window == null ? d : new SmpConfig(d.window(), d.perDestination(), d.timeout(), d.retries(),
                d.madsPerSecond(), d.targets(), d.thresholds(), d.resetNearSaturation(),
                new FlappingConfig(Durations.parse(window), FlappingConfig.DEFAULTS.linkDowned()));
    }

    public static void main(String[] args) throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        AlarmBook book = AlarmBook.inMemory(AlarmsConfig.DEFAULTS, Clock.systemUTC());
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        try (MBeanRegistry registry = new MBeanRegistry(server);
             SmpSweepProbe probe = SmpSweepProbe.onUmad(null, 0, config(), sink(book));
             Alarms alarms = new Alarms(book);
             SmpMBeans beans = SmpMBeans.attach(probe, registry)) {
            registry.register(ObjectNames.parse(AlarmsMXBean.OBJECT_NAME), alarms, AlarmsMXBean.class);
            // What a JMX client subscribed to the Alarms MBean receives.
            server.addNotificationListener(ObjectNames.parse(AlarmsMXBean.OBJECT_NAME),
                    (n, handback) -> NOTIFICATIONS.add(n.getType() + " " + n.getMessage()), null, null);
            for (String line = in.readLine(); line != null && !line.equals("quit"); line = in.readLine()) {
                try {
                    System.out.println(answer(line.split(" ", 3), probe, server, book));
                } catch (Exception e) {
                    System.out.println("ERROR " + e);
                }
                System.out.println(".");
                System.out.flush();
            }
        }
    }

    private static String answer(String[] w, SmpSweepProbe probe, MBeanServer server, AlarmBook book) throws Exception {
        switch (w[0]) {
            case "sweep": {
                ProbeResult r = probe.execute();
                return r.status() + " " + r.took().toMillis() + " " + r.summary();
            }
            case "get":
                return render(server.getAttribute(new ObjectName(w[1]), w[2]));
            case "guid":
                for (ObjectName n : server.queryNames(ObjectNames.parse(NodeMXBean.OBJECT_NAME), null)) {
                    if (server.getAttribute(n, "NodeDescription").equals(w[1])) {
                        return (String) server.getAttribute(n, "NodeGuid");
                    }
                }
                return "";
            case "notifications":
                return String.join("|", NOTIFICATIONS);
            case "alarms": {
                List<String> active = new ArrayList<>();
                for (Alarm a : book.active()) {
                    active.add(a.kind() + " " + a.subject());
                }
                return String.join("|", active);
            }
            default:
                return "ERROR unknown command " + w[0] + "; use sweep, get, guid, alarms, quit";
        }
    }

    private static AlarmSink sink(AlarmBook book) {
        return book.sink();
    }

    private static String render(Object v) {
        if (v instanceof Object[] array && array.getClass().getComponentType() == CompositeData.class) {
            return Arrays.stream(array).map(o -> render(o)).collect(Collectors.joining(";"));
        }
        if (v instanceof Object[] array) {
            return Arrays.stream(array).map(String::valueOf).collect(Collectors.joining("|"));
        }
        if (v instanceof CompositeData c) {
            return c.getCompositeType().keySet().stream().map(k -> k + "=" + c.get(k))
                    .collect(Collectors.joining(","));
        }
        return String.valueOf(v);
    }
}
