package io.fabrichealth.testbed.guest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Two guests as two hosts: RDMA crosses a real (virtual) wire instead of one kernel's loopback. */
class GuestPairTest {

    private static GuestImage image;

    @BeforeAll
    static void prepare() {
        image = Guest.prepare(Guest.defaultCacheDir());
    }

    @Test
    void rpingWithDataValidationPassesBetweenTwoGuests() {
        GuestSpec server = GuestSpec.of("""
                . /fh-guest/prelude.sh
                fh_eth_setup $FH_ETH_A || exit 10
                timeout 60 rping -s -a $FH_ETH_A -C 10 || exit 11
                echo server done
                """);
        GuestSpec client = GuestSpec.of("""
                . /fh-guest/prelude.sh
                fh_eth_setup $FH_ETH_B || exit 10
                fh_wait_peer $FH_ETH_A || { echo "no ping reply from $FH_ETH_A"; exit 11; }
                fh_retry 10 timeout 30 rping -c -a $FH_ETH_A -I $FH_ETH_B -v -V -C 10 || exit 12
                """);

        GuestPair pair = GuestPair.run(image, server, client);

        assertThat(pair.b().exitStatus()).as("client: %s", pair.b()).isZero();
        assertThat(pair.a().exitStatus()).as("server: %s", pair.a()).isZero();
        assertThat(pair.b().output()).contains("ping data: rdma-ping-0: ", "ping data: rdma-ping-9: ");
        assertThat(pair.a().output()).contains("server done");
    }
}
