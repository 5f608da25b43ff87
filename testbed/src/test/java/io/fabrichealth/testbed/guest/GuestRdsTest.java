package io.fabrichealth.testbed.guest;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** AF_RDS in the guest over both real transports, read back with SO_RDS_TRANSPORT (0 = rdma/IB, 2 = tcp). */
class GuestRdsTest {

    // Python's socket module speaks AF_RDS natively; an independent client for the project's own RDS probe.
    private static final String RDS_ECHO = """
            cat > /tmp/rds_echo.py <<'PY'
            import socket, sys
            SOL_RDS, SO_RDS_TRANSPORT = 276, 8
            role, me, peer = sys.argv[1], sys.argv[2], sys.argv[3]
            s = socket.socket(socket.AF_RDS, socket.SOCK_SEQPACKET, 0)
            s.bind((me, 18634))
            if role == "server":
                # Answer until 3 s of silence: closing an RDS socket drops what it has not sent yet, and the
                # reply may still wait for the passive side of a fresh connection.
                s.settimeout(30)
                try:
                    while True:
                        data, addr = s.recvfrom(1024)
                        s.sendto(data.upper(), addr)
                        s.settimeout(3)
                except TimeoutError:
                    pass
            else:
                # RDS drops a message to a port nobody has bound yet: ping again until the server answers.
                s.settimeout(1)
                for attempt in range(20):
                    s.sendto(b"ping", (peer, 18634))
                    try:
                        data, addr = s.recvfrom(1024)
                        break
                    except TimeoutError:
                        pass
                else:
                    sys.exit("no RDS reply from %s in 20 s" % peer)
                print("reply", data.decode(), "from", addr[0])
            print(role, "transport", s.getsockopt(SOL_RDS, SO_RDS_TRANSPORT))
            PY
            """;

    private static GuestImage image;

    private static GuestSpec spec(String script) {
        return GuestSpec.of(RDS_ECHO + script).withTimeout(Duration.ofSeconds(60));
    }

    @BeforeAll
    static void prepare() {
        image = Guest.prepare(Guest.defaultCacheDir());
    }

    @Test
    void rdsBetweenTwoNamespacesUsesTheTcpTransport() {
        GuestResult r = Guest.run(image, spec("""
                . /fh-guest/prelude.sh
                fh_netns_pair || exit 10
                ip netns exec fh_b timeout 30 python3 /tmp/rds_echo.py server $FH_NS_B - &
                server=$!
                ip netns exec fh_a timeout 30 python3 /tmp/rds_echo.py client $FH_NS_A $FH_NS_B || exit 11
                wait $server || exit 12
                """));

        assertThat(r.exitStatus()).as("%s", r).isZero();
        assertThat(r.output()).contains("reply PING from 10.78.0.2", "client transport 2", "server transport 2");
    }

    @Test
    void rdsOverRxeUsesTheInfinibandTransport() {
        GuestResult r = Guest.run(image, spec("""
                . /fh-guest/prelude.sh
                fh_rxe_setup || exit 10
                timeout 30 python3 /tmp/rds_echo.py server $FH_RXE_A - &
                server=$!
                timeout 30 python3 /tmp/rds_echo.py client $FH_RXE_B $FH_RXE_A || exit 11
                wait $server || exit 12
                """));

        assertThat(r.exitStatus()).as("%s", r).isZero();
        assertThat(r.output()).contains("reply PING from 10.77.0.1", "client transport 0", "server transport 0");
    }
}
