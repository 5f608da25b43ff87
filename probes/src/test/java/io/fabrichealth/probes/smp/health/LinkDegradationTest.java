package io.fabrichealth.probes.smp.health;

import static io.fabrichealth.probes.smp.health.PortInfos.ACTIVE;
import static io.fabrichealth.probes.smp.health.PortInfos.EXT_SPEEDS;
import static io.fabrichealth.probes.smp.health.PortInfos.LINK_UP;
import static io.fabrichealth.probes.smp.health.PortInfos.port;
import static io.fabrichealth.probes.smp.health.PortInfos.up;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.probes.mad.PortInfo;
import org.junit.jupiter.api.Test;

/** iblinkinfo's "Could be" rule, case by case; the in-fabric test compares it with iblinkinfo itself. */
class LinkDegradationTest {
    private static final int ALL_WIDTHS = 31;
    private static final int W12X = 8;
    private static final int W4X = 2;
    private static final int W1X = 1;
    private static final int SDR_DDR_QDR = 7;
    private static final int QDR = 4;
    private static final int SDR = 1;

    @Test
    void aLinkAtTheBestBothEndsSupportIsNotDegraded() {
        PortInfo a = up(ALL_WIDTHS, W12X, SDR_DDR_QDR, QDR);
        assertThat(LinkDegradation.check(a, 0, a, 0)).isEmpty();
    }

    @Test
    void aOneXLinkBetweenTwelveXPortsCouldBeTwelveX() {
        PortInfo narrow = up(ALL_WIDTHS, W1X, SDR_DDR_QDR, QDR);
        PortInfo wide = up(ALL_WIDTHS, W12X, SDR_DDR_QDR, QDR);
        assertThat(LinkDegradation.check(narrow, 0, wide, 0)).contains("Could be 12X");
    }

    @Test
    void theWidestCommonWidthIsTwelveXEvenThoughTwoXHasTheHighestBit() {
        PortInfo twelve = up(ALL_WIDTHS, W12X, SDR_DDR_QDR, QDR);
        assertThat(LinkDegradation.check(twelve, 0, up(ALL_WIDTHS, W12X, SDR_DDR_QDR, QDR), 0)).isEmpty();
        PortInfo fourX = up(W1X | W4X, W4X, SDR_DDR_QDR, QDR);
        assertThat(LinkDegradation.check(fourX, 0, twelve, 0)).as("only 4X is common").isEmpty();
    }

    @Test
    void slowerThanBothEndsSupportCouldBeTheFastestCommonSpeed() {
        PortInfo sdr = up(ALL_WIDTHS, W12X, SDR_DDR_QDR, SDR);
        assertThat(LinkDegradation.check(sdr, 0, up(ALL_WIDTHS, W12X, SDR_DDR_QDR, QDR), 0))
                .contains("Could be 10.0 Gbps");
    }

    @Test
    void anActiveSpeedAboveEnabledIsToleratedAndNotDegraded() {
        // ibsim's quirk: s=1 enables SDR only, yet the link runs QDR; iblinkinfo judges by Supported.
        PortInfo quirk = port(ACTIVE, LINK_UP, ALL_WIDTHS, W12X, SDR_DDR_QDR, QDR, 0, 0, 0);
        assertThat(LinkDegradation.check(quirk, 0, up(ALL_WIDTHS, W12X, SDR_DDR_QDR, QDR), 0)).isEmpty();
    }

    @Test
    void extendedSpeedsCountOnlyWhenBothEndsSupportThem() {
        int fdr = 1;
        int hdr = 4;
        int fdrToHdr = 1 | 2 | 4;
        PortInfo fdrPort = port(ACTIVE, LINK_UP, ALL_WIDTHS, W12X, SDR_DDR_QDR, QDR, fdrToHdr, fdr, EXT_SPEEDS);
        PortInfo hdrPort = port(ACTIVE, LINK_UP, ALL_WIDTHS, W12X, SDR_DDR_QDR, QDR, fdrToHdr, hdr, EXT_SPEEDS);
        assertThat(LinkDegradation.check(fdrPort, EXT_SPEEDS, hdrPort, EXT_SPEEDS)).contains("Could be 53.125 Gbps");
        assertThat(LinkDegradation.check(fdrPort, EXT_SPEEDS, hdrPort, 0)).as("remote lacks IsExtendedSpeedsSupported")
                .isEmpty();
        assertThat(LinkDegradation.check(fdrPort, 0, hdrPort, EXT_SPEEDS)).isEmpty();
    }

    @Test
    void widthAndSpeedRemarksComeTogetherAsIblinkinfoPrintsThem() {
        PortInfo both = up(ALL_WIDTHS, W4X, SDR_DDR_QDR, SDR);
        assertThat(LinkDegradation.check(both, 0, up(ALL_WIDTHS, W12X, SDR_DDR_QDR, QDR), 0))
                .contains("Could be 12X Could be 10.0 Gbps");
    }
}
