package io.fabrichealth.probes.pingpong.verbs;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.MemoryMode;
import io.fabrichealth.config.Transport;
import io.fabrichealth.jni.verbs.VerbsDevice;
import io.fabrichealth.probes.pingpong.Terms;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The decision behind UNSUPPORTED for the window memory mode, from what ibv_query_device reports. The devices are
 * records of attributes, not mocks: there is no RDMA device on this host, and the real one is asked in the guest
 * (GuestVerbsPingPongTest).
 */
class MemoryWindowsTest {
    /** Soft-RoCE on Debian 12's 6.1 kernel, as ibv_query_device reported it in the guest (type 2B, not 2A). */
    private static final VerbsDevice RXE = new VerbsDevice("rxe0", 524287, 0x1223c76);
    private static final Terms ONCE = new Terms(Transport.VERBS, 1, "a", 4096, 64, 1, 1, Duration.ofSeconds(1));
    private static final Terms WINDOW = ONCE.withMemory(MemoryMode.WINDOW, false);
    private static final Terms WINDOW_INV = ONCE.withMemory(MemoryMode.WINDOW, true);

    @Test
    void aDeviceWithTypeTwoWindowsRunsTheWindowModeOnBothSides() {
        for (Terms t : new Terms[] {WINDOW, WINDOW_INV}) {
            assertThat(MemoryWindows.unsupported(RXE, true, t)).isNull();
            assertThat(MemoryWindows.unsupported(RXE, false, t)).isNull();
        }
    }

    @Test
    void aDeviceWithoutMemoryWindowsCannotBeTheWindowModesClientAndSaysWhatToUseInstead() {
        VerbsDevice none = new VerbsDevice("mlx4_0", 0, VerbsDevice.MEM_MGT_EXTENSIONS);
        assertThat(MemoryWindows.unsupported(none, true, WINDOW)).isEqualTo("mlx4_0 has no memory windows "
                + "(ibv_query_device: max_mw 0): the window memory mode needs type-2 windows; use pingpong.memory "
                + "reregister or once");
        assertThat(MemoryWindows.unsupported(none, false, WINDOW)).as("the server only uses the rkeys").isNull();
        assertThat(MemoryWindows.unsupported(none, true, ONCE)).as("other modes need no windows").isNull();
        assertThat(MemoryWindows.unsupported(none, true, ONCE.reregistering())).isNull();
    }

    @Test
    void typeOneWindowsOnlyAreNotEnough() {
        VerbsDevice typeOne = new VerbsDevice("old0", 16, VerbsDevice.MEM_WINDOW | VerbsDevice.MEM_MGT_EXTENSIONS);
        assertThat(MemoryWindows.unsupported(typeOne, true, WINDOW)).startsWith("old0 has memory windows but not "
                + "type 2 (device_cap_flags 0x220000 lacks MEM_WINDOW_TYPE_2A and _2B)");
        VerbsDevice typeTwoA = new VerbsDevice("a0", 16, VerbsDevice.MEM_WINDOW_TYPE_2A
                | VerbsDevice.MEM_MGT_EXTENSIONS);
        assertThat(MemoryWindows.unsupported(typeTwoA, true, WINDOW)).isNull();
    }

    @Test
    void withoutMemoryManagementExtensionsNeitherSideCanInvalidate() {
        VerbsDevice noInv = new VerbsDevice("x0", 16, VerbsDevice.MEM_WINDOW_TYPE_2B);
        assertThat(MemoryWindows.unsupported(noInv, true, WINDOW)).contains("cannot invalidate memory windows",
                "lacks MEM_MGT_EXTENSIONS");
        assertThat(MemoryWindows.unsupported(noInv, false, WINDOW_INV)).isEqualTo("x0 cannot send SEND_WITH_INV "
                + "(device_cap_flags 0x1000000 lacks MEM_MGT_EXTENSIONS), which krping's server_inv needs: set "
                + "pingpong.serverInvalidate false on the initiator");
        assertThat(MemoryWindows.unsupported(noInv, false, WINDOW)).isNull();
    }
}
