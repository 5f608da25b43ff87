package io.fabrichealth.probes.smp.route;

import io.fabrichealth.probes.mad.LinearForwardingTable;
import io.fabrichealth.probes.mad.SwitchInfo;
import java.util.HashMap;
import java.util.Map;

/**
 * The forwarding blocks read so far, per switch, with the SwitchInfo they were read under. A block is read once and
 * kept until the switch's SwitchInfo changes or the topology moves ({@link #forgetAll}).
 */
final class ForwardingTables {
    /** {@link #outPort} when the block holding the LID has not been read. */
    static final int UNKNOWN = -1;

    static final class SwitchTables {
        SwitchInfo info;
        /** The LID it was asked by (the SwitchInfo is re-asked by it once per sweep). */
        int lid;
        final Map<Integer, LinearForwardingTable> blocks = new HashMap<>();
        /** Blocks (or -1 for the SwitchInfo) that went unanswered in the current trace, with why. */
        final Map<Integer, String> failed = new HashMap<>();
    }

    private final Map<Long, SwitchTables> switches = new HashMap<>();

    SwitchTables of(long guid) {
        return switches.computeIfAbsent(guid, g -> new SwitchTables());
    }

    /** The port the switch forwards {@code lid} by, {@link LinearForwardingTable#NO_ROUTE}, or {@link #UNKNOWN}. */
    int outPort(long guid, int lid) {
        SwitchTables t = switches.get(guid);
        if (t == null || t.info == null) {
            return UNKNOWN;
        }
        if (lid > t.info.linearFdbTop()) {
            return LinearForwardingTable.NO_ROUTE; // past the top the SM programmed: the switch drops it
        }
        LinearForwardingTable block = t.blocks.get(LinearForwardingTable.blockOf(lid));
        return block == null ? UNKNOWN : block.port(lid);
    }

    /** Why the switch's SwitchInfo or the block holding {@code lid} could not be read in this trace, or null. */
    String failure(long guid, int lid) {
        SwitchTables t = switches.get(guid);
        if (t == null) {
            return null;
        }
        String f = t.failed.get(-1);
        return f != null ? f : t.failed.get(LinearForwardingTable.blockOf(lid));
    }

    /** Keeps the switch's blocks only if its SwitchInfo is what they were read under. */
    void confirm(long guid, SwitchInfo now) {
        SwitchTables t = of(guid);
        if (!now.equals(t.info)) {
            t.blocks.clear();
        }
        t.info = now;
    }

    Iterable<Long> switchesWithBlocks() {
        return switches.entrySet().stream().filter(e -> !e.getValue().blocks.isEmpty()).map(Map.Entry::getKey)
                .toList();
    }

    void clearFailures() {
        switches.values().forEach(t -> t.failed.clear());
    }

    void forgetAll() {
        switches.clear();
    }

    int blocksHeld() {
        return switches.values().stream().mapToInt(t -> t.blocks.size()).sum();
    }
}
