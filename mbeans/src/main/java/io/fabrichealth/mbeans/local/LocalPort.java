package io.fabrichealth.mbeans.local;

import io.fabrichealth.mbeans.Composites;
import io.fabrichealth.probes.local.LocalPortView;
import java.util.Map;
import java.util.TreeMap;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.SimpleType;

/** The LocalPort MBean over the last {@link LocalPortView} of its port. */
public final class LocalPort implements LocalPortMXBean {
    private static final String HW = "hw.";
    private volatile LocalPortView view;

    LocalPort(LocalPortView view) {
        this.view = view;
    }

    void show(LocalPortView next) {
        this.view = next;
    }

    @Override
    public String getDevice() {
        return view.reading().device();
    }

    @Override
    public int getPort() {
        return view.reading().port();
    }

    @Override
    public String getState() {
        return view.reading().state();
    }

    @Override
    public String getPhysState() {
        return view.reading().physState();
    }

    @Override
    public String getRate() {
        return view.reading().rate();
    }

    @Override
    public String getLinkLayer() {
        return view.reading().linkLayer();
    }

    @Override
    public String getNetdev() {
        return view.reading().netdev();
    }

    @Override
    public String getFirmwareVersion() {
        return view.device().fwVer();
    }

    @Override
    public String getBoardId() {
        return view.device().boardId();
    }

    @Override
    public String getHcaType() {
        return view.device().hcaType();
    }

    @Override
    public String getNodeGuid() {
        return view.device().nodeGuid();
    }

    @Override
    public String getNodeDescription() {
        return view.device().nodeDesc();
    }

    @Override
    public CompositeData getCounters() {
        return counts("Counters", view.reading().counters());
    }

    @Override
    public CompositeData getHwCounters() {
        return counts("HwCounters", view.reading().hwCounters());
    }

    @Override
    public CompositeData getDeviceHwCounters() {
        return counts("DeviceHwCounters", view.device().hwCounters());
    }

    @Override
    public CompositeData getCounterDeltas() {
        Map<String, Long> m = new TreeMap<>();
        view.findings().deltas().forEach((k, v) -> {
            if (!k.startsWith(HW)) {
                m.put(k, v);
            }
        });
        return counts("CounterDeltas", m);
    }

    @Override
    public CompositeData getHwCounterDeltas() {
        Map<String, Long> m = new TreeMap<>();
        view.findings().deltas().forEach((k, v) -> {
            if (k.startsWith(HW)) {
                m.put(k.substring(HW.length()), v);
            }
        });
        return counts("HwCounterDeltas", m);
    }

    @Override
    public String getHealth() {
        return view.findings().verdict().name();
    }

    @Override
    public String[] getHealthReasons() {
        return view.findings().reasons().toArray(String[]::new);
    }

    @Override
    public String[] getMovedCounters() {
        return view.findings().moved().toArray(String[]::new);
    }

    @Override
    public String[] getThresholdBreaches() {
        return view.findings().breaches().toArray(String[]::new);
    }

    @Override
    public String[] getCongestion() {
        return view.findings().congestion().toArray(String[]::new);
    }

    @Override
    public String[] getProblems() {
        return view.reading().problems().toArray(String[]::new);
    }

    @Override
    public boolean isGone() {
        return view.gone();
    }

    @Override
    public String getLastRead() {
        return view.reading().at().toString();
    }

    /**
     * Counter sets differ by driver (mlx5, rxe, hfi1), so each is one flat composite of its own names, sorted;
     * an empty set is a composite with the single item {@code none} = 0, since a CompositeType needs one item.
     */
    private static CompositeData counts(String type, Map<String, Long> values) {
        Map<String, Long> sorted = new TreeMap<>(values);
        if (sorted.isEmpty()) {
            sorted.put("none", 0L);
        }
        Object[] pairs = new Object[sorted.size() * 2];
        Object[] items = new Object[sorted.size()];
        int i = 0;
        for (Map.Entry<String, Long> e : sorted.entrySet()) {
            pairs[2 * i] = e.getKey();
            pairs[2 * i + 1] = SimpleType.LONG;
            items[i++] = e.getValue();
        }
        return new Composites(type, type + " as sysfs names them", pairs).of(items);
    }
}
