package io.fabrichealth.probes.local;

import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.probes.smp.health.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The local view: reads every local CA and port from sysfs, judges each against its previous read, and tells the
 * alarm sink (one PortDown and one ErrorThreshold observation per port and read, subject {@code local dev/port}).
 * Thread-safe; {@link #read()} is serialized and {@link #ports()} returns the last result without reading.
 */
public final class LocalView {
    private final LocalSysfs sysfs;
    private final AlarmSink alarms;
    private volatile LocalJudge judge;
    private volatile List<LocalPortView> last = List.of();
    private final Set<String> everActive = ConcurrentHashMap.newKeySet();
    private final List<Consumer<List<LocalPortView>>> listeners = new CopyOnWriteArrayList<>();

    public LocalView(LocalSysfs sysfs, LocalJudge judge, AlarmSink alarms) {
        this.sysfs = sysfs;
        this.judge = judge;
        this.alarms = alarms;
    }

    public void configure(LocalJudge next) {
        this.judge = next;
    }

    public LocalJudge judge() {
        return judge;
    }

    public LocalSysfs sysfs() {
        return sysfs;
    }

    public void addListener(Consumer<List<LocalPortView>> listener) {
        listeners.add(listener);
    }

    /** The last read, one entry per port ever seen (gone ones stay, marked gone). */
    public List<LocalPortView> ports() {
        return last;
    }

    /** One read of every device and port. Never throws for what it reads: problems land on the ports. */
    public synchronized List<LocalPortView> read() {
        Map<String, LocalPortView> before = new LinkedHashMap<>();
        for (LocalPortView v : last) {
            before.put(v.name(), v);
        }
        List<LocalPortView> now = new ArrayList<>();
        for (LocalDevice d : sysfs.read()) {
            for (LocalPortReading r : d.ports()) {
                LocalPortView prev = before.remove(r.name());
                LocalPortReading prevReading = prev == null || prev.gone() ? null : prev.reading();
                LocalPortReading withDeviceProblems = d.problems().isEmpty() ? r : withProblems(r, d.problems());
                LocalFindings f = judge.judge(prevReading, withDeviceProblems, everActive.contains(r.name()));
                if (r.stateNumber() == 4) {
                    everActive.add(r.name());
                }
                now.add(new LocalPortView(d, withDeviceProblems, f, false));
                report(r, f);
            }
        }
        // Ports seen before and missing now: their device went away. Shown, judged CRIT, never silently dropped.
        for (LocalPortView gone : before.values()) {
            LocalFindings f = new LocalFindings(Verdict.CRIT, List.of("Gone: " + gone.reading().device()
                    + " port " + gone.reading().port() + " is no longer in " + sysfs.root()
                    + " (driver unloaded, device removed or `rdma link delete`?): check `rdma link` and dmesg"),
                    everActive.contains(gone.name()), Map.of(), List.of(), List.of(), List.of());
            now.add(new LocalPortView(gone.device(), gone.reading(), f, true));
            if (everActive.contains(gone.name())) {
                alarms.observe(AlarmKind.PortDown, LocalPortView.subject(gone.reading().device(), gone.reading().port()),
                        true, "local port " + gone.name() + " is gone from sysfs (was Active)");
            }
        }
        last = List.copyOf(now);
        for (Consumer<List<LocalPortView>> l : listeners) {
            l.accept(last);
        }
        return last;
    }

    private void report(LocalPortReading r, LocalFindings f) {
        String subject = LocalPortView.subject(r.device(), r.port());
        if (everActive.contains(r.name())) {
            alarms.observe(AlarmKind.PortDown, subject, f.portDown(), f.portDown()
                    ? "local port " + r.name() + " went Down (was Active): state " + r.state() + ", phys_state "
                    + r.physState() : "");
        }
        boolean bad = !f.breaches().isEmpty();
        alarms.observe(AlarmKind.ErrorThreshold, subject, bad, bad
                ? "local port " + r.name() + " (" + r.linkLayer() + (r.netdev().isEmpty() ? "" : " on " + r.netdev())
                + "): " + String.join(", ", f.breaches()) + "; moved since the last read: " + String.join(", ", f.moved())
                : "");
    }

    private static LocalPortReading withProblems(LocalPortReading r, List<String> deviceProblems) {
        List<String> all = new ArrayList<>(deviceProblems);
        all.addAll(r.problems());
        return new LocalPortReading(r.device(), r.port(), r.at(), r.state(), r.physState(), r.rate(), r.linkLayer(),
                r.netdev(), r.counters(), r.hwCounters(), all);
    }

    /** True when some local port is Ethernet (RoCE): there is no SMP sweep for it. */
    public boolean anyEthernet() {
        return last.stream().anyMatch(v -> v.reading().ethernet());
    }
}
