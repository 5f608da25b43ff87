package io.fabrichealth.probes.smp.mads;

import io.fabrichealth.probes.mad.MadRequest;
import io.fabrichealth.probes.mad.MadRequests;
import io.fabrichealth.probes.mad.SmpRoute;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The SMP attributes a measurement may Get, with smpquery's names and IBA's ids. Only Get is ever sent. */
public enum MadsAttribute {
    NODE_INFO("NodeInfo", 0x11),
    NODE_DESC("NodeDesc", 0x10),
    PORT_INFO("PortInfo", 0x15),
    SWITCH_INFO("SwitchInfo", 0x12);

    private final String iba;
    private final int id;

    MadsAttribute(String iba, int id) {
        this.iba = iba;
        this.id = id;
    }

    /**
     * What an operator typed: a name in any case ({@code NodeDescription} too) or the id in hex ({@code 0x11});
     * empty or null is NodeInfo, smp_mad_stress's own test attribute.
     */
    public static MadsAttribute parse(String text) {
        if (text == null || text.isBlank()) {
            return NODE_INFO;
        }
        String t = text.trim();
        for (MadsAttribute a : values()) {
            if (a.iba.equalsIgnoreCase(t) || String.format("0x%02x", a.id).equalsIgnoreCase(t)) {
                return a;
            }
        }
        if (t.equalsIgnoreCase("NodeDescription")) {
            return NODE_DESC;
        }
        throw new IllegalArgumentException("unknown SMP attribute '" + text + "': accepted are " + accepted()
                + " (Get only: fabric-health never sends a Set)");
    }

    /** {@code NodeInfo (0x11), NodeDesc (0x10), ...} */
    public static String accepted() {
        return Arrays.stream(values()).map(MadsAttribute::toString).collect(Collectors.joining(", "));
    }

    /** The LID-routed Get; {@code port} is PortInfo's modifier and ignored by the others. */
    MadRequest request(int lid, int port) {
        SmpRoute route = SmpRoute.lid(lid);
        return switch (this) {
            case NODE_INFO -> MadRequests.nodeInfo(route);
            case NODE_DESC -> MadRequests.nodeDescription(route);
            case PORT_INFO -> MadRequests.portInfo(route, port);
            case SWITCH_INFO -> MadRequests.switchInfo(route);
        };
    }

    public String iba() {
        return iba;
    }

    public int id() {
        return id;
    }

    /** {@code NodeInfo (0x11)}, as smp_mad_stress's README names an SMP. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s (0x%02x)", iba, id);
    }
}
