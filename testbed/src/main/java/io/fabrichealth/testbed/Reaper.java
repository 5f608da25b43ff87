package io.fabrichealth.testbed;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Closes still-open fixtures when the JVM exits normally or on SIGTERM/SIGINT.
 *
 * <p>Newest first, so opensm goes before the ibsim it talks to (opensm can hang on SIGTERM once ibsim is gone).
 */
final class Reaper {

    private static final Set<AutoCloseable> OPEN = new LinkedHashSet<>();
    private static boolean hooked;

    private Reaper() {
    }

    static synchronized void register(AutoCloseable fixture) {
        if (!hooked) {
            Runtime.getRuntime().addShutdownHook(new Thread(Reaper::closeAll, "fh-testbed-reaper"));
            hooked = true;
        }
        OPEN.add(fixture);
    }

    static synchronized void unregister(AutoCloseable fixture) {
        OPEN.remove(fixture);
    }

    private static void closeAll() {
        List<AutoCloseable> newestFirst;
        synchronized (Reaper.class) {
            newestFirst = new ArrayList<>(OPEN);
        }
        for (int i = newestFirst.size() - 1; i >= 0; i--) {
            try {
                newestFirst.get(i).close();
            } catch (Exception | Error e) {
                System.err.println("fabric-health testbed: closing " + newestFirst.get(i) + " at exit failed: " + e);
            }
        }
    }
}
