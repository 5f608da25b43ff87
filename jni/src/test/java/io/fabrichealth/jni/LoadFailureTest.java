package io.fabrichealth.jni;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * What an operator reads when dlopen fails. The dlerror texts are the ones glibc prints (a
 * missing libfabric cannot be produced on this host without uninstalling it; the missing and
 * corrupt .so cases run for real in HiddenFamilyTest).
 */
class LoadFailureTest {

    @Test
    void aMissingSystemLibraryNamesThePackageToInstall() {
        String text = LoadFailure.explain(NativeFamily.FABRIC.libraryFileName(), NativeFamily.FABRIC.debianPackages(),
                "libfabric.so.1: cannot open shared object file: No such file or directory");

        assertThat(text).isEqualTo("libfabric.so.1: cannot open shared object file, needed by libfhfabric.so; "
                + "install libfabric1 (apt-get install libfabric1)");
    }

    @Test
    void aMissingUmadLibraryNamesLibibumad() {
        String text = LoadFailure.explain(NativeFamily.UMAD.libraryFileName(), NativeFamily.UMAD.debianPackages(),
                "/tmp/x/libfhumad.so: libibumad.so.3: cannot open shared object file: No such file or directory");

        assertThat(text).startsWith("libibumad.so.3: cannot open shared object file, needed by libfhumad.so")
                .endsWith("apt-get install libibumad3)");
    }

    @Test
    void aSecondClassloaderIsToldWhereTheJarBelongs() {
        String text = LoadFailure.explain(NativeFamily.UMAD.libraryFileName(), NativeFamily.UMAD.debianPackages(),
                "Native Library /x/libfhumad.so already loaded in another classloader");

        assertThat(text).contains("payara --addlibs").contains("never in WEB-INF/lib");
    }
}
