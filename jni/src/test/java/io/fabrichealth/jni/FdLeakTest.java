package io.fabrichealth.jni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Calls that open something inside the libraries must close it again. */
class FdLeakTest {

    @Test
    void repeatedCallsIntoEveryFamilyLeaveTheFdCountUnchanged() {
        warmUp(); // the first call may open library-lifetime descriptors (netlink, config files)
        long before = OpenFds.count();

        for (int i = 0; i < 1000; i++) {
            Umad.caNames();
            Verbs.deviceNames();
            Rds.kernelSupport();
        }
        for (int i = 0; i < 50; i++) {
            Fabric.providers(); // fi_getinfo walks every provider: slower, fewer rounds
        }

        assertThat(OpenFds.count()).isEqualTo(before);
    }

    @Test
    void aFailedOpenLeavesNoDescriptorBehind() {
        warmUp();
        // One round first: its first throw and assertion load classes, and the class loader opens jars lazily.
        assertThatThrownBy(() -> Umad.open("no-such-ca", 1)).isInstanceOf(NativeException.class);
        long before = OpenFds.count();

        for (int i = 0; i < 200; i++) {
            assertThatThrownBy(() -> Umad.open("no-such-ca", 1)).isInstanceOf(NativeException.class);
        }

        assertThat(OpenFds.count()).isEqualTo(before);
    }

    private static void warmUp() {
        Umad.caNames();
        Verbs.deviceNames();
        Rds.kernelSupport();
        Fabric.providers();
    }
}
