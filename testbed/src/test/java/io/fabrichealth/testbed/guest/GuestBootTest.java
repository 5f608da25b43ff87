package io.fabrichealth.testbed.guest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher itself: boots, exit statuses, output, the shared directory and the timeout. */
class GuestBootTest {

    private static GuestImage image;

    @BeforeAll
    static void prepare() {
        image = Guest.prepare(Guest.defaultCacheDir());
    }

    @Test
    void aScriptThatSucceedsReturnsZeroAndAllOfItsOutput() {
        // 110 KB: more than any buffer between the guest's pipe and the serial file, which must all drain.
        GuestResult r = Guest.run(image, GuestSpec.of(
                "echo \"hello from $(uname -r)\"; cut -d' ' -f1 /proc/uptime; seq 1 20000"));

        assertThat(r.exitStatus()).as("%s", r).isZero();
        assertThat(r.output()).startsWith("hello from " + image.kernelVersion() + "\n");
        assertThat(r.output().lines().skip(2)).hasSize(20_000).startsWith("1", "2").endsWith("19999", "20000");
        assertThat(r.timedOut()).isFalse();
    }

    @Test
    void aFailingScriptReturnsItsExitStatusAndStderr() {
        GuestResult r = Guest.run(image, GuestSpec.of("echo to-stdout; echo to-stderr >&2; exit 42"));

        assertThat(r.exitStatus()).as("%s", r).isEqualTo(42);
        assertThat(r.output()).isEqualTo("to-stdout\nto-stderr\n");
        assertThat(r.console()).contains("fh-guest: script exited 42");
    }

    @Test
    void aFileWrittenInTheSharedDirectoryAppearsOnTheHost(@TempDir Path shared) throws IOException {
        Files.writeString(shared.resolve("from-host.txt"), "ping");
        String script = "cat \"$FH_SHARED_DIR/from-host.txt\" > /dev/null && "
                + "echo pong > \"$FH_SHARED_DIR/from-guest.txt\" && touch /usr/bin/not-on-the-host";

        GuestResult r = Guest.run(image, GuestSpec.of(script).withSharedRw(shared));

        assertThat(r.exitStatus()).as("%s", r).isZero();
        assertThat(shared.resolve("from-guest.txt")).hasContent("pong");
        assertThat(Path.of("/usr/bin/not-on-the-host")).as("the host's / stays read-only").doesNotExist();
    }

    @Test
    void aHangingScriptIsKilledAtTheTimeoutAndReportedAsSuch() {
        Duration limit = Duration.ofSeconds(15);
        GuestResult r = Guest.run(image, GuestSpec.of("echo started; sleep 600").withTimeout(limit));

        assertThat(r.timedOut()).as("%s", r).isTrue();
        assertThat(r.exitStatus()).isEqualTo(GuestResult.TIMED_OUT);
        assertThat(r.output()).as("the script itself hung, after boot").isEqualTo("started\n");
        assertThat(r.took()).isBetween(limit, limit.plusSeconds(5));
        assertThat(r.consoleTail(5)).contains("fh-guest: running");
        assertThat(r.toString()).contains("TIMED OUT");
        String runDir = r.console().replaceAll("(?s).*fh-guest: running (/\\S+)/script\\.sh.*", "$1");
        assertThat(Path.of(runDir)).as("the run directory is removed").doesNotExist();
        assertThat(ProcessHandle.allProcesses().map(p -> p.info().commandLine().orElse("")))
                .as("no QEMU left running for %s", runDir)
                .noneMatch(cmd -> cmd.contains(Path.of(runDir).getFileName().toString()));
    }

    @Test
    void aGuestThatPanicsIsReportedWithItsConsoleTail() {
        GuestSpec crash = GuestSpec.of("echo c > /proc/sysrq-trigger; sleep 60");

        assertThatThrownBy(() -> Guest.run(image, crash))
                .isInstanceOf(GuestException.class)
                .hasMessageContaining("without an exit status")
                .hasMessageContaining("Kernel panic");
    }

    @Test
    void aQemuThatCannotStartIsReportedWithItsOwnMessage() {
        GuestSpec bad = GuestSpec.of("true").withExtraQemuArgs("-no-such-option");

        assertThatThrownBy(() -> Guest.run(image, bad))
                .isInstanceOf(GuestException.class)
                .hasMessageContaining("-no-such-option");
    }
}
