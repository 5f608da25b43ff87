package io.fabrichealth.config;

import java.util.ArrayList;
import java.util.List;

/**
 * An explicit SMP destination: {@code lid:5} (LID routed) or {@code dr:0,1,3} (directed route, written like
 * smpquery's {@code -D} argument: a leading 0 for this port, then one output port per hop).
 */
public sealed interface SmpTarget permits SmpTarget.Lid, SmpTarget.DirectedRoute {

    /** Unicast LIDs; 0xC000 and above are multicast and cannot be sent an SMP. */
    int MAX_UNICAST_LID = 0xBFFF;
    /** A directed-route SMP carries 64 path bytes, the first being this port. */
    int MAX_HOPS = 63;

    record Lid(int lid) implements SmpTarget {
        public Lid {
            if (lid < 1 || lid > MAX_UNICAST_LID) {
                throw new IllegalArgumentException("LID " + lid + " is outside the unicast range 1..49151");
            }
        }

        @Override
        public String toString() {
            return "lid:" + lid;
        }
    }

    /** @param ports the path as written: {@code 0} first, then the output port of each hop (1..254) */
    record DirectedRoute(List<Integer> ports) implements SmpTarget {
        public DirectedRoute {
            ports = List.copyOf(ports);
            if (ports.isEmpty() || ports.get(0) != 0) {
                throw new IllegalArgumentException("a directed route starts with 0, like dr:0,1,3");
            }
            if (ports.size() - 1 > MAX_HOPS) {
                throw new IllegalArgumentException("a directed route has at most " + MAX_HOPS + " hops");
            }
            for (int p : ports.subList(1, ports.size())) {
                if (p < 1 || p > 254) {
                    throw new IllegalArgumentException("hop port " + p + " is outside 1..254");
                }
            }
        }

        public int hops() {
            return ports.size() - 1;
        }

        @Override
        public String toString() {
            StringBuilder s = new StringBuilder("dr:");
            for (int i = 0; i < ports.size(); i++) {
                s.append(i == 0 ? "" : ",").append(ports.get(i));
            }
            return s.toString();
        }
    }

    /** @throws IllegalArgumentException with a message that says what is wrong */
    static SmpTarget parse(String text) {
        String t = text.strip();
        try {
            if (t.startsWith("lid:")) {
                return new Lid(Integer.decode(t.substring(4).strip()));
            }
            if (t.startsWith("dr:")) {
                List<Integer> ports = new ArrayList<>();
                for (String p : t.substring(3).split(",", -1)) {
                    ports.add(Integer.parseInt(p.strip()));
                }
                return new DirectedRoute(ports);
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a LID or port is not a number");
        }
        throw new IllegalArgumentException("start with lid: or dr:");
    }
}
