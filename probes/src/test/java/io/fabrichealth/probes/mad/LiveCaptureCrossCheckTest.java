package io.fabrichealth.probes.mad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stored vectors are not a one-off: capture.sh, run now against a private ibsim instance, produces
 * fresh captures that pass the same checks. This also proves the script still works on this machine.
 */
class LiveCaptureCrossCheckTest {

    private static final String UMAD2SIM = "/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so";

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void freshCapturesFromIbsimDecodeToWhatTheToolsPrint(@TempDir Path out) throws Exception {
        requireTools();
        Path log = out.resolve("capture.log");
        Path vectors = out.resolve("vectors");
        Process capture = new ProcessBuilder("bash", MadVector.folder().resolve("capture.sh").toString(),
                vectors.toString())
                .directory(out.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            if (!capture.waitFor(120, TimeUnit.SECONDS)) {
                fail("capture.sh did not finish within 120 s; its log:\n" + Files.readString(log));
            }
        } finally {
            // Our own children only; capture.sh stops its ibsim from its EXIT trap.
            capture.descendants().forEach(ProcessHandle::destroy);
            capture.destroy();
        }
        assertThat(capture.exitValue()).as("capture.sh exit status; log:\n%s", Files.readString(log)).isZero();

        List<MadVector> fresh = MadVector.all(vectors);
        assertThat(fresh).extracting(v -> v.name)
                .containsExactlyElementsOf(MadVector.all(MadVector.folder()).stream().map(v -> v.name).toList());
        for (MadVector v : fresh) {
            VectorChecks.check(v);
        }
        assertThat(IblinkinfoWordingTest.portsReadLikeIblinkinfo(vectors)).isGreaterThanOrEqualTo(6);
    }

    private static void requireTools() throws IOException, InterruptedException {
        for (String tool : new String[] {"ibsim", "opensm", "smpquery", "perfquery", "iblinkinfo"}) {
            Process which = new ProcessBuilder("sh", "-c", "command -v " + tool).start();
            if (which.waitFor() != 0) {
                fail(tool + " not found: apt-get install ibsim-utils opensm infiniband-diags");
            }
        }
        if (!Files.exists(Path.of(UMAD2SIM))) {
            fail(UMAD2SIM + " not found: apt-get install ibsim-utils");
        }
    }
}
