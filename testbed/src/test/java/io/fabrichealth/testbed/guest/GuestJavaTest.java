package io.fabrichealth.testbed.guest;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The host's JDK and the project's freshly built classes run in the guest at the same paths. */
class GuestJavaTest {

    private static GuestImage image;

    @BeforeAll
    static void prepare() {
        image = Guest.prepare(Guest.defaultCacheDir());
    }

    @Test
    void theHostJdkRunsInTheGuestAndSeesTheGuestKernel() throws URISyntaxException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path classes = Path.of(GuestJavaTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        GuestResult r = Guest.run(image, GuestSpec.of("""
                t0=$(date +%%s%%N)
                %1$s -version || exit 10
                t1=$(date +%%s%%N)
                %1$s -XX:+UseSerialGC -cp %2$s %3$s || exit 11
                t2=$(date +%%s%%N)
                echo "version_ms=$(((t1 - t0) / 1000000)) main_ms=$(((t2 - t1) / 1000000))"
                """.formatted(java, classes, GuestKernelName.class.getName()))
                .withMemoryMiB(GuestSpec.JAVA_MEMORY_MIB));

        assertThat(r.exitStatus()).as("%s", r).isZero();
        assertThat(r.output()).contains("version \"" + System.getProperty("java.version") + "\"");
        assertThat(r.output()).contains("os.version=" + image.kernelVersion());
        match(r.output(), "version_ms=(\\d+) main_ms=(\\d+)"); // both steps ran to their end in the script
    }

    private static String match(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("no %s in:%n%s", regex, text).isTrue();
        return m.group(1);
    }
}
