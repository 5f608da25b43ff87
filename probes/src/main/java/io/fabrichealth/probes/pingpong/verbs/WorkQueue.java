package io.fabrichealth.probes.pingpong.verbs;

import io.fabrichealth.jni.verbs.Completions;
import io.fabrichealth.jni.verbs.VerbsConnection;
import java.util.ArrayDeque;

/**
 * A connection's completions, one at a time, in the strict order krping's loop needs: wait for this work
 * request, keeping others that arrive first. A failed completion ends the loop with its status.
 */
final class WorkQueue {
    record Done(long wrId, int opcode, int length) {
    }

    private final VerbsConnection connection;
    private final Completions batch = new Completions(8);
    private final ArrayDeque<Done> early = new ArrayDeque<>();

    WorkQueue(VerbsConnection connection) {
        this.connection = connection;
    }

    /** The completion of {@code wrId} (or, with {@code anyReceive}, of any receive); null after {@code timeoutMillis}. */
    Done await(long wrId, boolean anyReceive, int timeoutMillis) {
        for (Done d : early) {
            if (matches(d, wrId, anyReceive)) {
                early.remove(d);
                return d;
            }
        }
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (true) {
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            if (left <= 0) {
                return null;
            }
            int n = connection.poll(batch, (int) Math.min(left, 20));
            Done found = null;
            for (int i = 0; i < n; i++) {
                if (batch.status(i) != 0) {
                    throw new IllegalStateException("work request " + batch.wrId(i) + " (opcode " + batch.opcode(i)
                            + ") failed with ibv_wc_status " + batch.status(i) + status(batch.status(i)));
                }
                Done d = new Done(batch.wrId(i), batch.opcode(i), batch.length(i));
                if (found == null && matches(d, wrId, anyReceive)) {
                    found = d;
                } else {
                    early.add(d);
                }
            }
            if (found != null) {
                return found;
            }
        }
    }

    private static boolean matches(Done d, long wrId, boolean anyReceive) {
        return anyReceive ? d.opcode() == Completions.RECV : d.wrId() == wrId;
    }

    private static String status(int s) {
        switch (s) {
            case 5: return " (flushed: the connection is down)";
            case 10: return " (remote access error: bad rkey, address or length)";
            case 12: return " (retry exceeded: the peer stopped answering)";
            default: return "";
        }
    }
}
