package io.fabrichealth.mbeans;

import io.fabrichealth.probes.smp.health.Verdict;
import io.fabrichealth.probes.smp.route.PathEvidence;
import javax.management.openmbean.CompositeData;

/** The path attributes the PingPong and Burst MBeans share, from the last run's {@link PathEvidence}. */
public final class PathAttributes {
    private PathAttributes() {
    }

    /** ibtracert's lines, or why there are none; empty before the first run. */
    public static String[] path(PathEvidence e) {
        return e == null ? new String[0] : e.lines().toArray(String[]::new);
    }

    /** OK, WARN or CRIT; UNKNOWN when the run's path was not traced; empty before the first run. */
    public static String health(PathEvidence e) {
        if (e == null || e == PathEvidence.NONE) {
            return "";
        }
        Verdict v = e.health();
        return v == null ? "UNKNOWN" : v.name();
    }

    /** One item per moved counter, {@code 0x<GUID>/<port> <Counter>}; null when none moved. */
    public static CompositeData counterDeltas(PathEvidence e) {
        return e == null ? null : NamedValues.longs("PathCounterDeltas",
                "error counters that grew on the path's ports since the sweep before the last run", e.counterDeltas());
    }

    /** Each suspect cable and why, in path order. */
    public static String[] suspectLinks(PathEvidence e) {
        return e == null ? new String[0] : e.suspects().toArray(String[]::new);
    }
}
