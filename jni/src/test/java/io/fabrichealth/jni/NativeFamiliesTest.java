package io.fabrichealth.jni;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The four families on this host, each cross-checked against an independent tool. */
class NativeFamiliesTest {

    @Test
    void everyFamilyLoadsHereWithAMatchingAbiAndReportsItsVersion() {
        for (NativeFamily family : NativeFamily.values()) {
            assertThat(family.cause()).as(family + " cause").isNull();
            assertThat(family.available()).as(family + " available").isTrue();
        }
        // Each binding reports the version its Java side was written for; the ABI check compares them.
        assertThat(NativeFamily.UMAD.version())
                .startsWith("fhumad " + NativeFamily.UMAD_BINDING_VERSION + " (libibumad ABI 5)");
        assertThat(NativeFamily.VERBS.version()).startsWith("fhverbs " + NativeFamily.VERBS_BINDING_VERSION);
        assertThat(NativeFamily.FABRIC.version())
                .startsWith("fhfabric " + NativeFamily.FABRIC_BINDING_VERSION + " (libfabric 1.");
        assertThat(NativeFamily.RDS.version()).startsWith("fhrds " + NativeFamily.RDS_BINDING_VERSION);
        assertThat(NativeFamily.UMAD.available()).isTrue();
        assertThat(NativeFamily.UMAD.cause()).isNull();
    }

    @Test
    void umadListsTheSameCasAsIbstat() throws Exception {
        Prerequisites.requireCommand("ibstat", "infiniband-diags");
        Tool ibstat = Tool.run("ibstat", "-l");
        List<String> expected = ibstat.output().lines().map(String::trim).filter(l -> !l.isEmpty()).toList();

        assertThat(Umad.caNames()).isEqualTo(expected);
    }

    @Test
    void verbsListsTheSameDevicesAsIbvDevinfo() throws Exception {
        Prerequisites.requireCommand("ibv_devinfo", "ibverbs-utils");
        Tool devinfo = Tool.run("ibv_devinfo", "-l");
        List<String> expected = devinfo.output().contains("Function not implemented") ? List.of()
                : devinfo.output().lines().skip(1).map(String::trim).filter(l -> !l.isEmpty()).toList();

        assertThat(Verbs.deviceNames()).isEqualTo(expected);
    }

    @Test
    void fabricReportsTheVersionAndProvidersFiInfoReports() throws Exception {
        Prerequisites.requireCommand("fi_info", "libfabric-bin");
        Matcher api = Pattern.compile("libfabric api: (\\S+)").matcher(Tool.run("fi_info", "--version").output());
        assertThat(api.find()).isTrue();

        assertThat(Fabric.version()).isEqualTo(api.group(1));

        Set<String> fromFiInfo = new LinkedHashSet<>();
        Matcher entry = Pattern.compile("provider: (\\S+)\\n(?:\\s+\\w+: .*\\n)*?\\s+type: FI_EP_(\\w+)")
                .matcher(Tool.run("fi_info").output());
        while (entry.find()) {
            fromFiInfo.add(entry.group(1) + "/" + entry.group(2));
        }
        Set<String> fromUs = new LinkedHashSet<>();
        Fabric.providers().forEach(p -> fromUs.add(p.name() + "/" + p.endpointType()));
        assertThat(fromUs).isEqualTo(fromFiInfo);
        assertThat(Fabric.providers()).contains(new FabricProvider("tcp", "MSG", true));
    }

    @Test
    void rdsSaysWhetherTheKernelHasAfRdsAsPythonSees() throws Exception {
        Prerequisites.requireCommand("python3", "python3");
        Tool python = Tool.run("python3", "-c",
                "import socket\ntry:\n socket.socket(21, socket.SOCK_SEQPACKET).close(); print(0)\n"
                        + "except OSError as e:\n print(-e.errno)");
        int expected = Integer.parseInt(python.output().trim());

        int status = Rds.kernelSupport();

        assertThat(status).isEqualTo(expected);
        if (status == -97) {
            assertThat(Rds.describeKernelSupport(status)).isEqualTo("kernel has no AF_RDS: modprobe rds rds_tcp");
        }
    }

    @Test
    void onlyJniOnLoadAndOnUnloadAreExported(@TempDir java.nio.file.Path dir) throws Exception {
        Prerequisites.requireCommand("nm", "binutils");
        for (NativeFamily family : NativeFamily.values()) {
            var so = NativeLibraries.copy(family, dir);
            Tool nm = Tool.run("nm", "-D", "--defined-only", so.toString());
            List<String> exported = nm.output().lines().map(l -> l.split("\\s+"))
                    .filter(f -> f.length == 3 && f[1].equals("T")).map(f -> f[2]).toList();
            assertThat(exported).as(family + " exports").containsExactlyInAnyOrder("JNI_OnLoad", "JNI_OnUnload");
            assertThat(Arrays.asList(Tool.run("ldd", so.toString()).output().split("\\s+")))
                    .as(family + ": every system library it links resolves here").doesNotContain("not");
        }
    }
}
