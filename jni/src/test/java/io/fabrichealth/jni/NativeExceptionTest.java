package io.fabrichealth.jni;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NativeExceptionTest {

    @Test
    void aTimeoutCarriesItsCodeItsNameAndReadableText() {
        NativeException e = new NativeException(-110, "umad_recv", "is ibsim stalled?");

        assertThat(e.status()).isEqualTo(-110);
        assertThat(e.errnoName()).isEqualTo("ETIMEDOUT");
        assertThat(e).hasMessage("umad_recv failed: ETIMEDOUT (-110, Connection timed out); is ibsim stalled?");
    }

    @Test
    void libfabricOnlyCodesAndUnknownCodesAreNamedToo() {
        assertThat(new NativeException(-263, "fi_cq_open").errnoName()).isEqualTo("FI_ENOCQ");
        assertThat(new NativeException(-97, "socket").errnoName()).isEqualTo("EAFNOSUPPORT");
        assertThat(new NativeException(-9999, "x")).hasMessage("x failed: E?9999 (-9999, unknown error)");
    }
}
