package io.fabrichealth.testbed.guest;

import java.time.Duration;
import java.util.List;

/**
 * What a guest run produced.
 *
 * @param exitStatus the script's exit status (0..255), or {@link #TIMED_OUT} when the run was killed
 * @param output     the script's stdout and stderr, interleaved (whatever arrived before a timeout)
 * @param console    the guest's serial console: kernel messages and the launcher's own notes
 * @param took       wall time from starting QEMU to its exit, boot included
 */
public record GuestResult(int exitStatus, String output, String console, Duration took) {

    /** The run hit {@link GuestSpec#timeout()} and QEMU was killed; a shell never exits with -1. */
    public static final int TIMED_OUT = -1;

    public boolean timedOut() {
        return exitStatus == TIMED_OUT;
    }

    /** The last {@code lines} lines of the console, which is where a hang or a panic shows. */
    public String consoleTail(int lines) {
        return tail(console, lines);
    }

    /** Returns this when the script exited 0, else throws with the output and console tails. */
    public GuestResult requireSuccess() {
        if (exitStatus != 0) {
            throw new GuestException("guest script failed: " + this);
        }
        return this;
    }

    @Override
    public String toString() {
        String status = timedOut() ? "TIMED OUT" : "exit " + exitStatus;
        return status + " after " + took.toMillis() + " ms\n--- output tail ---\n" + tail(output, 30)
                + "\n--- console tail ---\n" + consoleTail(15);
    }

    static String tail(String text, int lines) {
        List<String> all = text.lines().toList();
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }
}
