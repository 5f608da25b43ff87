package io.fabrichealth.probes.pingpong.guest;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.testbed.guest.Guest;
import io.fabrichealth.testbed.guest.GuestResult;
import org.junit.jupiter.api.Test;

/**
 * RDS RDMA (RDS_GET_MR, RDS_CMSG_RDMA_ARGS, the rds-stress -D path) over rds_rdma on Soft-RoCE. What the 6.1 guest
 * kernel answers is pinned down here: RDS_GET_MR is ENODEV until a connection has taught rds_rdma which device
 * serves the address, and with rxe it is then EOPNOTSUPP, so no RDMA can be registered; were it to succeed, the
 * WRITE carried by a message must land byte for byte.
 */
class GuestRdsRdmaTest {

    @Test
    void rdsGetMrAnswersAsThisKernelAndDeviceAllow() {
        GuestResult r = Guest.run(Guest.prepare(Guest.defaultCacheDir()), GuestJava.spec("""
                . /fh-guest/prelude.sh
                fh_rxe_setup || exit 10
                timeout 60 %s $FH_RXE_A $FH_RXE_B
                """.formatted(GuestJava.command().replace(GuestPingPongMain.class.getName(),
                        GuestRdsRdmaMain.class.getName()))));

        assertThat(r.exitStatus()).as("%s", r).isZero();
        assertThat(r.output()).contains("GET_MR before a connection: ENODEV");
        assertThat(r.output()).containsAnyOf("GET_MR after a connection: EOPNOTSUPP",
                "RDMA write verified " + GuestRdsRdmaMain.SIZE + " bytes");
    }
}
