package io.fabrichealth.jni.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabrichealth.jni.NativeException;
import org.junit.jupiter.api.Test;

/** fi_getinfo with hints gives the facts TESTBEDS.md lists for the loopback providers. */
class FabricInfoTest {

    @Test
    void tcpMsgOffersRmaWithAnIovLimitOfFourAndApplicationKeys() {
        try (FabricInfo info = FabricInfo.get(FabricHints.rma("tcp", Flags.FI_EP_MSG))) {
            assertThat(info.provider()).isEqualTo("tcp");
            assertThat(info.endpointType()).isEqualTo(Flags.FI_EP_MSG);
            assertThat(info.caps() & Flags.FI_RMA).isNotZero();
            assertThat(info.txIovLimit()).isEqualTo(4);
            assertThat(info.mrMode() & (Flags.FI_MR_PROV_KEY | Flags.FI_MR_VIRT_ADDR)).isZero();
        }
    }

    @Test
    void rxmOverTcpGivesAnRdmEndpoint() {
        try (FabricInfo info = FabricInfo.get(FabricHints.rma("tcp;ofi_rxm", Flags.FI_EP_RDM))) {
            assertThat(info.provider()).isEqualTo("tcp;ofi_rxm");
            assertThat(info.endpointType()).isEqualTo(Flags.FI_EP_RDM);
        }
    }

    @Test
    void socketsHasAnIovLimitOfEight() {
        try (FabricInfo info = FabricInfo.get(FabricHints.rma("sockets", Flags.FI_EP_MSG))) {
            assertThat(info.txIovLimit()).isEqualTo(8);
        }
    }

    @Test
    void aProviderThatDoesNotExistIsFiEnodataNamingTheProvider() {
        assertThatThrownBy(() -> FabricInfo.get(FabricHints.rma("no-such-provider", Flags.FI_EP_MSG)))
                .isInstanceOf(NativeException.class)
                .hasMessageContaining("no-such-provider")
                .satisfies(e -> assertThat(((NativeException) e).status()).isEqualTo(Status.FI_ENODATA));
    }

    @Test
    void closingAnInfoTwiceFreesItOnce() {
        long before = FabricLibrary.openHandles();
        FabricInfo info = FabricInfo.get(FabricHints.rma("tcp", Flags.FI_EP_MSG));
        assertThat(FabricLibrary.openHandles()).isEqualTo(before + 1);
        info.close();
        info.close();
        assertThat(FabricLibrary.openHandles()).isEqualTo(before);
        assertThatThrownBy(info::sourceAddress).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
    }
}
