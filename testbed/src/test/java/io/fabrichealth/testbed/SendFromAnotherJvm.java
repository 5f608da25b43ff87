package io.fabrichealth.testbed;

import java.nio.file.Path;
import java.time.Duration;

/** What {@code ./fabric-health sim 'CMD'} does from its own JVM: send one console command knowing only the paths. */
public final class SendFromAnotherJvm {

    private SendFromAnotherJvm() {
    }

    public static void main(String[] args) {
        System.out.println(SimConsole.send(Path.of(args[0]), Path.of(args[1]), args[2], Duration.ofMillis(300),
                Duration.ofSeconds(5)));
    }
}
