package io.fabrichealth.probes.pingpong;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the passive side of one session counted, sent back in RESULT: requests it verified, acks it sent,
 * corrupted requests, malformed messages it dropped, congestion it met sending acks, the transport the data
 * actually used on its side, and transport-specific counters (krping's RDMA read and write counts for verbs).
 */
public record ResponderCounts(long requests, long acks, long corrupt, long malformed, long congestion,
        long verifiedBytes, String transportInUse, Map<String, Long> counters) {

    public static final ResponderCounts NONE = new ResponderCounts(0, 0, 0, 0, 0, 0, "", Map.of());

    static ResponderCounts of(TaskStats t, String transportInUse) {
        return new ResponderCounts(t.received, t.sent, t.corrupt, t.malformedTotal(), t.congestion, t.verifiedBytes,
                transportInUse, Map.of());
    }

    void write(DataOutput out) throws IOException {
        out.writeLong(requests);
        out.writeLong(acks);
        out.writeLong(corrupt);
        out.writeLong(malformed);
        out.writeLong(congestion);
        out.writeLong(verifiedBytes);
        out.writeUTF(transportInUse);
        out.writeShort(counters.size());
        for (Map.Entry<String, Long> e : counters.entrySet()) {
            out.writeUTF(e.getKey());
            out.writeLong(e.getValue());
        }
    }

    static ResponderCounts read(DataInput in) throws IOException {
        long requests = in.readLong();
        long acks = in.readLong();
        long corrupt = in.readLong();
        long malformed = in.readLong();
        long congestion = in.readLong();
        long verified = in.readLong();
        String inUse = in.readUTF();
        int n = in.readUnsignedShort();
        Map<String, Long> counters = new LinkedHashMap<>();
        for (int i = 0; i < n && i < 64; i++) {
            counters.put(in.readUTF(), in.readLong());
        }
        return new ResponderCounts(requests, acks, corrupt, malformed, congestion, verified, inUse,
                java.util.Collections.unmodifiableMap(counters));
    }
}
