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
                # A 64 KiB cap on SO_SNDBUF (wmem_max is global) leaves RDS room for one 64 KiB message in flight.
                # That alone met a full send queue in most runs but not all: rds_tcp's own TCP sockets autotune up
                # to megabytes, and when the guest drained them as fast as the sender filled them the queue never
                # filled. rds_tcp_sndbuf/rcvbuf (per namespace) pin those sockets at 16 KiB, so it backs up.
                sysctl -q -w net.core.wmem_max=65536 ||
                  { echo "cannot set net.core.wmem_max in the guest: check the guest kernel's sysctls"; exit 12; }
                for ns in fh_a fh_b; do
                  ip netns exec $ns sysctl -q -w net.rds.tcp.rds_tcp_sndbuf=16384 net.rds.tcp.rds_tcp_rcvbuf=16384 ||
                    { echo "no net.rds.tcp sysctls in namespace $ns: the guest kernel's rds_tcp is too old"; exit 12; }
                done
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

    /**
     * The injector in the guest: 20 bits flipped in what RDS recvmsg returns (requests at the responder, acks at
     * the initiator; headers and payloads), over rds_tcp between two namespaces. None may pass silently.
     */
    @Test
    void twentyBitFlipsIntoRdsReceivesAreNeverSilent() {
        String flip = io.fabrichealth.testbed.flip.BitFlips.library().toString();
        String java = GuestJava.command(GuestFlipMain.class);
        GuestResult r = Guest.run(image, GuestSpec.of("""
                . /fh-guest/prelude.sh
                fh_netns_pair || exit 10
                head -c 4096 /dev/zero > /tmp/fh-flip.ctl
                export FH_FLIP_CTL=/tmp/fh-flip.ctl LD_PRELOAD=%2$s
                ip netns exec fh_b timeout 110 %1$s responder $FH_NS_B 7472 > /tmp/responder.log 2>&1 &
                responder=$!
                ip netns exec fh_a timeout 110 %1$s initiator $FH_NS_A $FH_NS_B 7472 20 || exit 11
                wait $responder; status=$?
                cat /tmp/responder.log
                exit $status
                """.formatted(java, flip)).withMemoryMiB(1024).withTimeout(Duration.ofSeconds(150)));

        assertThat(r.exitStatus()).as("%s", r).isZero();
        assertThat(r.output()).contains("CLEAN ok corruptions=0 alarms=0");
        assertThat(r.output().lines().filter(l -> l.startsWith("FLIP rds"))).hasSize(20)
                .allSatisfy(l -> assertThat(l).containsPattern(" -> (caught|failed) \\| "))
                .anySatisfy(l -> assertThat(l).contains("FLIP rds REQUEST"))
                .anySatisfy(l -> assertThat(l).contains("FLIP rds ACK"));
    }

    private static void check(GuestResult r, String transport, String connection) {
        r.output().lines().filter(l -> l.startsWith("RESULT ")).forEach(System.out::println);
        assertThat(r.exitStatus()).as("%s", r).isZero();
        int offset = PingPongDrill.offset(GuestPingPongMain.ACK - Header.SIZE);
        assertThat(r.output()).containsPattern("RESULT clean outcome=ok inUse=" + transport
                + " sent=(\\d+) acked=\\1 lost=0 late=0 congestion=\\d+ malformed=0 corruptions=0");
        assertThat(r.output()).containsPattern("RESULT drill outcome=fail inUse=" + transport
                + " sent=(\\d+) acked=\\1 lost=0 late=0 congestion=\\d+ malformed=0 corruptions=3");
        assertThat(r.output()).as("a full send queue is congestion, and nothing is lost").containsPattern(
                "RESULT congested outcome=ok inUse=" + transport + " sent=(\\d+) acked=\\1 lost=0 late=0 "
                        + "congestion=[1-9]\\d* malformed=0 corruptions=0");
        assertThat(r.output().lines().filter(l -> l.startsWith("RESULT congested"))).as("every congested run")
                .isNotEmpty().allSatisfy(l -> assertThat(l).containsPattern("outcome=ok inUse=" + transport
                        + " sent=(\\d+) acked=\\1 lost=0 late=0 congestion=\\d+ malformed=0 corruptions=0"));
        assertThat(r.output().lines().filter(l -> l.startsWith("ALARM Corruption"))).hasSize(3).allSatisfy(l ->
                assertThat(l).contains("transport rds", "first bad byte at payload offset " + offset, "1 bad byte(s)"));
        assertThat(r.output()).contains("CONNECTION " + connection);
        assertThat(r.output()).as("sockets and channels closed after the runs").contains("FDS leaked=0");
    }
}
