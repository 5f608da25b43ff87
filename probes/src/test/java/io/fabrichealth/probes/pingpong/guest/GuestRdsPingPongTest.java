package io.fabrichealth.probes.pingpong.guest;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.probes.pingpong.Header;
import io.fabrichealth.probes.pingpong.PingPongDrill;
import io.fabrichealth.testbed.guest.Guest;
import io.fabrichealth.testbed.guest.GuestImage;
import io.fabrichealth.testbed.guest.GuestResult;
import io.fabrichealth.testbed.guest.GuestSpec;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The RDS ping-pong against the real kernel in the guest, over both real transports: rds_tcp between two network
 * namespaces (so the transport is really tcp) and rds_rdma over Soft-RoCE (infiniband). Each: validation on with
 * no corruption, then the fire drill caught at its exact offset.
 */
class GuestRdsPingPongTest {
    private static GuestImage image;

    @BeforeAll
    static void prepare() {
        image = Guest.prepare(Guest.defaultCacheDir());
    }

    @Test
    void rdsOverTcpBetweenTwoNamespaces() {
        GuestResult r = Guest.run(image, GuestJava.spec("""
                . /fh-guest/prelude.sh
                fh_netns_pair || exit 10
                ip netns exec fh_b timeout 100 %1$s responder rds $FH_NS_B 7472 > /tmp/responder.log 2>&1 &
                responder=$!
                ip netns exec fh_a timeout 100 %1$s initiator rds $FH_NS_A $FH_NS_B 7472 || exit 11
                wait $responder; status=$?
                cat /tmp/responder.log
                exit $status
                """));

        check(r, "tcp", "10.78.0.1 -> 10.78.0.2 transport tcp connected true");
    }

    @Test
    void rdsOverRdmaOnSoftRoce() {
        GuestResult r = Guest.run(image, GuestJava.spec("""
                . /fh-guest/prelude.sh
                fh_rxe_setup || exit 10
                timeout 100 %1$s both rds $FH_RXE_A $FH_RXE_B 7472 || exit 11
                """));

        check(r, "infiniband", "10.77.0.2 -> 10.77.0.1 transport infiniband connected true");
    }

    private static void check(GuestResult r, String transport, String connection) {
        System.out.println(r.output());
        assertThat(r.exitStatus()).as("%s", r).isZero();
        int offset = PingPongDrill.offset(GuestPingPongMain.ACK - Header.SIZE);
        assertThat(r.output()).containsPattern("RESULT clean outcome=ok inUse=" + transport
                + " sent=(\\d+) acked=\\1 lost=0 late=0 congestion=\\d+ malformed=0 corruptions=0");
        assertThat(r.output()).containsPattern("RESULT drill outcome=fail inUse=" + transport
                + " sent=(\\d+) acked=\\1 lost=0 late=0 congestion=\\d+ malformed=0 corruptions=3");
        assertThat(r.output()).as("a full send queue is congestion, and nothing is lost").containsPattern(
                "RESULT congested outcome=ok inUse=" + transport + " sent=(\\d+) acked=\\1 lost=0 late=0 "
                        + "congestion=[1-9]\\d* malformed=0 corruptions=0");
        assertThat(r.output().lines().filter(l -> l.startsWith("ALARM Corruption"))).hasSize(3).allSatisfy(l ->
                assertThat(l).contains("transport rds", "first bad byte at payload offset " + offset, "1 bad byte(s)"));
        assertThat(r.output()).contains("CONNECTION " + connection);
        assertThat(r.output()).as("sockets and channels closed after the runs").contains("FDS leaked=0");
    }
}
