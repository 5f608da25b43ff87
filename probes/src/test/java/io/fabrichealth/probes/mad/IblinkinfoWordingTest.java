package io.fabrichealth.probes.mad;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A link reads the same in our words as in iblinkinfo's ("4X 25.78125 Gbps Active/LinkUp") for every
 * port captured by LID. iblinkinfo.txt was captured by capture.sh on the same fabric, before the
 * unlink/relink step.
 */
class IblinkinfoWordingTest {

    private static final Pattern PORT_LINE =
            Pattern.compile("^\\s+(?:0x[0-9a-f]+\\s+)?(\\d+)\\s+(\\d+)\\[..\\] ==\\((.*?)\\)==>.*$");
    private static final Pattern UP = Pattern.compile("^\\s*(\\S+)\\s+(.+? Gbps(?: \\(FDR10\\))?)\\s+(\\S+)/\\s*(\\S+)$");
    private static final Pattern DOWN = Pattern.compile("^\\s*(\\S+)/\\s*(\\S+)$");

    @Test
    void everyCapturedPortReadsLikeIblinkinfo() throws IOException, MadDecodeException {
        assertThat(portsReadLikeIblinkinfo(MadVector.folder())).as("ports compared").isGreaterThanOrEqualTo(6);
    }

    /** Compares every LID-routed PortInfo vector in {@code folder} with its iblinkinfo.txt; returns the count. */
    static int portsReadLikeIblinkinfo(Path folder) throws IOException, MadDecodeException {
        Map<String, String> links = new HashMap<>();
        for (String line : Files.readAllLines(folder.resolve("iblinkinfo.txt"))) {
            Matcher m = PORT_LINE.matcher(line);
            if (m.matches()) {
                links.put(m.group(1) + "/" + m.group(2), m.group(3));
            }
        }
        List<MadVector> portInfos = MadVector.all(folder).stream()
                .filter(v -> v.command.startsWith("smpquery portinfo") && v.exitStatus == 0)
                .filter(v -> !v.name.endsWith("linked"))
                .toList();
        Map<String, PortInfo> switchPort0 = new HashMap<>();
        for (MadVector v : portInfos) {
            if (v.arguments().get(2).equals("0")) {
                switchPort0.put(v.arguments().get(1), PortInfo.decode(v.lastReceived(), 0));
            }
        }
        int compared = 0;
        for (MadVector v : portInfos) {
            String lid = v.arguments().get(1);
            String port = v.arguments().get(2);
            if (port.equals("0")) {
                continue; // iblinkinfo lists external ports only
            }
            PortInfo p = PortInfo.decode(v.lastReceived(), 0);
            String link = links.get(lid + "/" + port);
            assertThat(link).as("iblinkinfo line for LID " + lid + " port " + port).isNotNull();
            PortInfo capabilities = switchPort0.getOrDefault(lid, p);
            Matcher up = UP.matcher(link);
            if (up.matches()) {
                assertThat(p.activeWidth().display()).as(v.toString()).isEqualTo(up.group(1));
                assertThat(p.activeSpeed(capabilities.isExtendedSpeedsSupported()).display()).as(v.toString())
                        .isEqualTo(up.group(2));
                assertThat(p.state().display()).as(v.toString()).isEqualTo(up.group(3));
                assertThat(p.physState().display()).as(v.toString()).isEqualTo(up.group(4));
            } else {
                Matcher down = DOWN.matcher(link);
                assertThat(down.matches()).as(link).isTrue();
                assertThat(p.state()).isEqualTo(PortState.DOWN);
                assertThat(p.state().display()).isEqualTo(down.group(1));
                assertThat(p.physState().display()).isEqualTo(down.group(2));
            }
            compared++;
        }
        return compared;
    }

    @Test
    void anExternalSwitchPortNeedsPort0ToShowItsExtendedSpeed() throws MadDecodeException {
        PortInfo hdr = PortInfo.decode(MadVector.load("portinfo-switch-hdr").lastReceived(), 0);
        PortInfo port0 = PortInfo.decode(MadVector.load("portinfo-switch-port0").lastReceived(), 0);
        assertThat(hdr.capabilityMask()).as("external switch ports carry no capability mask").isZero();
        assertThat(hdr.activeSpeed(hdr.isExtendedSpeedsSupported())).isEqualTo(LinkSpeed.QDR);
        assertThat(hdr.activeSpeed(port0.isExtendedSpeedsSupported())).isEqualTo(LinkSpeed.HDR);
        assertThat(hdr.activeWidth()).isEqualTo(LinkWidth.W12X);
    }
}
