package io.fabrichealth.testbed.guest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The Java names of the prelude's addresses say what the shell file says. */
class GuestPreludeTest {

    @Test
    void theJavaConstantsMatchThePreludeScript() {
        String prelude = new String(Initramfs.resource("prelude.sh"), StandardCharsets.UTF_8);

        assertThat(prelude).contains("FH_RXE_A=" + GuestPrelude.RXE_A + " ", "FH_RXE_B=" + GuestPrelude.RXE_B + " ",
                "FH_NS_A=" + GuestPrelude.NS_A + " ", "FH_NS_B=" + GuestPrelude.NS_B + " ",
                "FH_ETH_A=" + GuestPrelude.ETH_A + " ", "FH_ETH_B=" + GuestPrelude.ETH_B + " ",
                "type rxe netdev dummy0", "rdma link add " + GuestPrelude.RXE_DEVICE + " ");
        assertThat(GuestPrelude.SOURCE).isEqualTo(". /fh-guest/prelude.sh");
    }
}
