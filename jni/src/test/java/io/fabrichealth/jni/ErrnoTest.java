package io.fabrichealth.jni;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Errno's names and values come from this platform's C headers, cross-checked against Python's errno module. */
class ErrnoTest {

    @Test
    void theNamedValuesAreThisPlatformsErrnoValues() throws Exception {
        Prerequisites.requireCommand("python3", "python3");
        Map<String, Integer> named = Map.of("ENODEV", Errno.ENODEV, "ETIMEDOUT", Errno.ETIMEDOUT, "EAGAIN",
                Errno.EAGAIN, "EADDRNOTAVAIL", Errno.EADDRNOTAVAIL, "ECANCELED", Errno.ECANCELED, "ENODATA",
                Errno.ENODATA);
        for (Map.Entry<String, Integer> e : named.entrySet()) {
            Tool python = Tool.run("python3", "-c", "import errno; print(errno." + e.getKey() + ")");

            assertThat(e.getValue()).as(e.getKey()).isEqualTo(Integer.parseInt(python.output().trim()));
            assertThat(Errno.name(-e.getValue())).isEqualTo(e.getKey());
        }
    }

    @Test
    void libfabricsOwnCodesAreReadFromItsHeaderToo() {
        assertThat(Errno.value("FI_EAVAIL")).isEqualTo(259);
        assertThat(Errno.describe(-Errno.value("FI_ENOCQ")))
                .isEqualTo("FI_ENOCQ (-263, Missing or unavailable completion queue)");
        assertThat(Errno.value("ENOSUCHNAME")).isEqualTo(Errno.UNKNOWN);
    }
}
