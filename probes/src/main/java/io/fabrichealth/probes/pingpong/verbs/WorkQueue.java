package io.fabrichealth.probes.pingpong.verbs;

import io.fabrichealth.jni.verbs.Completions;
import io.fabrichealth.jni.verbs.VerbsConnection;
import java.util.ArrayDeque;

/**
 * A connection's completions, one at a time, in the strict order krping's loop needs: wait for this work
 * request, keeping others that arrive first. A failed completion ends the loop with its status.
 */
final class WorkQueue {
    /** A successful completion; {@code flags} and {@code invalidatedRkey} as ibv_wc has them. */
    record Done(long wrId, int opcode, int length, int flags, int invalidatedRkey) {
        /**
         * Whether this receive says the sender's SEND_WITH_INV invalidated {@code rkey}: the flag, and exactly that
         * rkey. rxe's flag is the kernel's bit (Completions.KERNEL_WITH_INVALIDATE); the rkey must match either way.
         */
        boolean invalidated(int rkey) {
            return (flags & (Completions.WITH_INV | Completions.KERNEL_WITH_INVALIDATE)) != 0
                    && invalidatedRkey == rkey;
        }
    }

    /** A completion with an error status: the connection's queue pair is in the error state from here on. */
    static final class Failed extends IllegalStateException {
        private static final long serialVersionUID = 1L;
        private final int status;

        Failed(long wrId, int opcode, int status) {
            super("work request " + wrId + " (opcode " + opcode + ") failed with ibv_wc_status " + status
                    + WorkQueue.status(status));
            this.status = status;
        }

        /** ibv_wc_status. */
        int status() {
            return status;
        }
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
                    throw new Failed(batch.wrId(i), batch.opcode(i), batch.status(i));
                }
                Done d = new Done(batch.wrId(i), batch.opcode(i), batch.length(i), batch.flags(i),
                        batch.invalidatedRkey(i));
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

    static String status(int s) {
        switch (s) {
            case 5: return " (flushed: the connection is down)";
            case Completions.REMOTE_ACCESS_ERROR: return " (IBV_WC_REM_ACCESS_ERR, remote access error: bad rkey, "
                    + "address or length)";
            case 12: return " (retry exceeded: the peer stopped answering)";
            default: return "";
        }
    }
}
