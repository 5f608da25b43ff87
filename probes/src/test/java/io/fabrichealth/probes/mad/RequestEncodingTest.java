package io.fabrichealth.probes.mad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Get requests come out byte for byte as the IBA layout says, and as smpquery/perfquery sent them. */
class RequestEncodingTest {

    private static final long TID = 0x1122334455667788L;

    static Stream<MadVector> vectors() {
        return MadVector.all(MadVector.folder()).stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void everyRequestTheToolsSentIsTheOneWeBuild(MadVector v) throws MadDecodeException {
        for (int i = 0; i < v.sent.size(); i++) {
            byte[] theirs = v.sentMad(i);
            MadHeader header = MadHeader.decode(theirs, 0);
            MadRequest ours = requestFor(v, header.attributeId());

            if (header.mgmtClass() == Mad.CLASS_PERF_MGMT && header.attributeId() == ClassPortInfo.ATTRIBUTE_ID) {
                // libibmad's pma_query_via writes PortSelect into every PMA Get, ClassPortInfo included,
                // where IBA defines no data for a Get. We send the zero IBA asks for.
                theirs[Mad.DATA_OFFSET + 1] = 0;
            }
            byte[] encoded = new byte[Mad.SIZE];
            assertThat(ours.encode(encoded, 0, header.transactionId())).isEqualTo(Mad.SIZE);
            assertThat(hex(encoded)).as(v + " send " + i).isEqualTo(hex(theirs));

            ByteBuffer umad = ByteBuffer.wrap(v.sent.get(i)); // struct ib_user_mad: ib_mad_addr at byte 20
            assertThat(umad.getInt(20)).as("remote QPN").isEqualTo(ours.remoteQueuePair());
            assertThat(umad.getInt(24)).as("Q_Key").isEqualTo(ours.remoteQKey());
            assertThat(umad.getShort(28) & 0xFFFF).as("DLID").isEqualTo(ours.destinationLid());

            MadHeader answer = MadHeader.decode(v.received.get(i), 0);
            assertThat(answer.answers(header.transactionId())).isTrue();
            assertThat(ours.isAnsweredBy(answer, header.transactionId())).isTrue();
            assertThat(ours.isAnsweredBy(answer, header.transactionId() + 1)).isFalse();
        }
    }

    /** The factory call matching a captured send, from the command line and the attribute that was sent. */
    private static MadRequest requestFor(MadVector v, int attributeId) {
        List<String> args = v.arguments();
        if (v.command.startsWith("smpquery")) {
            SmpRoute route = v.directedRoute() ? DrPath.parse(args.get(1)) : SmpRoute.lid(Integer.parseInt(args.get(1)));
            return switch (attributeId) {
                case NodeInfo.ATTRIBUTE_ID -> MadRequests.nodeInfo(route);
                case NodeDescription.ATTRIBUTE_ID -> MadRequests.nodeDescription(route);
                case SwitchInfo.ATTRIBUTE_ID -> MadRequests.switchInfo(route);
                case PortInfo.ATTRIBUTE_ID -> MadRequests.portInfo(route, Integer.parseInt(args.get(2)));
                default -> throw new AssertionError("unexpected attribute in " + v);
            };
        }
        int lid = Integer.parseInt(args.get(0));
        int port = v.command.contains(" -a ") ? 0xFF : Integer.parseInt(args.get(1));
        return switch (attributeId) {
            case ClassPortInfo.ATTRIBUTE_ID -> MadRequests.pmaClassPortInfo(lid);
            case PortCounters.ATTRIBUTE_ID -> MadRequests.portCounters(lid, port);
            case PortCountersExtended.ATTRIBUTE_ID -> MadRequests.portCountersExtended(lid, port);
            default -> throw new AssertionError("unexpected attribute in " + v);
        };
    }

    @Test
    void aDirectedRouteGetCarriesTheIbaHeaderFieldsAndTheInitialPath() {
        MadRequest request = MadRequests.portInfo(DrPath.of(1, 3, 7), 5).withMKey(0x0102030405060708L);
        byte[] m = encodeIntoDirtyLittleEndianSlot(request);

        assertThat(m[0]).as("BaseVersion").isEqualTo((byte) 1);
        assertThat(m[1]).as("MgmtClass: directed-route SMP").isEqualTo((byte) 0x81);
        assertThat(m[2]).as("ClassVersion").isEqualTo((byte) 1);
        assertThat(m[3]).as("R=0, Method=Get").isEqualTo((byte) 0x01);
        assertThat(range(m, 4, 6)).as("D=0 (outbound), Status=0").containsOnly(0);
        assertThat(m[6]).as("HopPointer").isEqualTo((byte) 0);
        assertThat(m[7]).as("HopCount").isEqualTo((byte) 3);
        assertThat(range(m, 8, 16)).as("TransactionID, big-endian")
                .containsExactly(0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88);
        assertThat(range(m, 16, 18)).as("AttributeID PortInfo").containsExactly(0x00, 0x15);
        assertThat(range(m, 18, 20)).as("reserved").containsOnly(0);
        assertThat(range(m, 20, 24)).as("AttributeModifier = port").containsExactly(0, 0, 0, 5);
        assertThat(range(m, 24, 32)).as("M_Key").containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
        assertThat(range(m, 32, 36)).as("DrSLID, DrDLID permissive").containsOnly(0xFF);
        assertThat(range(m, 36, 128)).as("reserved and SMP data of a Get").containsOnly(0);
        assertThat(range(m, 128, 132)).as("InitialPath[0..3]").containsExactly(0, 1, 3, 7);
        assertThat(range(m, 132, 256)).as("rest of InitialPath, ReturnPath").containsOnly(0);
    }

    @Test
    void aLidRoutedGetHasNoRouteFieldsAndTheLidStaysOutOfTheMad() {
        MadRequest request = MadRequests.nodeInfo(SmpRoute.lid(0x1234));
        byte[] m = encodeIntoDirtyLittleEndianSlot(request);

        assertThat(range(m, 0, 4)).containsExactly(1, 0x01, 1, 0x01);
        assertThat(range(m, 4, 8)).as("Status, ClassSpecific").containsOnly(0);
        assertThat(range(m, 16, 18)).containsExactly(0x00, 0x11);
        assertThat(range(m, 20, 256)).as("modifier 0, no M_Key, nothing else").containsOnly(0);
        assertThat(request.destinationLid()).isEqualTo(0x1234);
        assertThat(request.remoteQueuePair()).isZero();
        assertThat(request.drPath()).isEmpty();
    }

    @Test
    void aPortCountersGetIsAPerfMgtGmpWithPortSelectInItsData() {
        MadRequest request = MadRequests.portCounters(7, 0xFF);
        byte[] m = encodeIntoDirtyLittleEndianSlot(request);

        assertThat(range(m, 0, 4)).as("version 1, PerfMgt, class version 1, Get").containsExactly(1, 0x04, 1, 0x01);
        assertThat(range(m, 16, 18)).containsExactly(0x00, 0x12);
        assertThat(range(m, 18, 64)).as("modifier 0 and the reserved GMP header").containsOnly(0);
        assertThat(range(m, 64, 66)).as("reserved, PortSelect").containsExactly(0, 0xFF);
        assertThat(range(m, 66, 256)).containsOnly(0);
        assertThat(request.remoteQueuePair()).isEqualTo(1);
        assertThat(request.remoteQKey()).isEqualTo(0x80010000);
        assertThat(request.destinationLid()).isEqualTo(7);
    }

    @Test
    void encodingLeavesTheBufferPositionAndItsNeighboursAlone() {
        ByteBuffer buf = ByteBuffer.allocateDirect(600);
        buf.position(17);
        MadRequests.switchInfo(DrPath.local()).encode(buf, 300, 1);
        assertThat(buf.position()).isEqualTo(17);
        for (int i = 0; i < 600; i++) {
            if (i < 300 || i >= 556) {
                assertThat(buf.get(i)).as("byte %d", i).isZero();
            }
        }
        assertThat(buf.get(301)).isEqualTo((byte) 0x81);
    }

    @Test
    void badArgumentsAreRefusedWithAHint() {
        assertThatThrownBy(() -> SmpRoute.lid(0)).hasMessageContaining("DrPath");
        assertThatThrownBy(() -> SmpRoute.lid(0xC000)).hasMessageContaining("unicast");
        assertThatThrownBy(() -> MadRequests.portCounters(0xFFFF, 1)).hasMessageContaining("unicast");
        assertThatThrownBy(() -> DrPath.of(new int[64])).hasMessageContaining("at most 63 hops");
        assertThatThrownBy(() -> DrPath.of(0, 1, 3)).hasMessageContaining("DrPath.parse");
        assertThatThrownBy(() -> DrPath.parse("1,3")).hasMessageContaining("starts with 0");
        assertThatThrownBy(() -> MadRequests.portInfo(SmpRoute.lid(1), 256)).hasMessageContaining("0..255");
        assertThatThrownBy(() -> MadRequests.portCounters(1, 1).withMKey(5)).isInstanceOf(IllegalStateException.class);
        MadRequest ok = MadRequests.nodeInfo(DrPath.local());
        assertThatThrownBy(() -> ok.encode(ByteBuffer.allocate(255), 0, 1)).hasMessageContaining("256-byte slot");
        assertThatThrownBy(() -> ok.encode(ByteBuffer.allocate(300), 45, 1)).hasMessageContaining("256-byte slot");
        assertThatThrownBy(() -> ok.encode(ByteBuffer.allocate(300).asReadOnlyBuffer(), 0, 1))
                .hasMessageContaining("read-only");
        int[] longest = new int[63];
        Arrays.fill(longest, 1);
        assertThat(DrPath.of(longest).hopCount()).isEqualTo(63);
    }

    @Test
    void responsesAreMatchedOnTheLowTidHalfBecauseTheAgentIdReplacesTheHighHalf() throws MadDecodeException {
        MadVector v = MadVector.load("nodeinfo-switch-dr");
        long sent = MadHeader.decode(v.sentMad(0), 0).transactionId();
        long received = MadHeader.decode(v.lastReceived(), 0).transactionId();
        assertThat(sent >>> 32).as("smpquery sends 0 in the high half").isZero();
        assertThat(received >>> 32).as("umad2sim puts its agent id there").isNotZero();
        assertThat(MadHeader.decode(v.lastReceived(), 0).answers(sent)).isTrue();
    }

    @Test
    void directedRoutesReadAndPrintLikeSmpquery() {
        DrPath path = DrPath.parse("0,1,3");
        assertThat(path).isEqualTo(DrPath.of(1, 3)).isEqualTo(DrPath.local().then(1).then(3));
        assertThat(path.hopCount()).isEqualTo(2);
        assertThat(path.outPort(2)).isEqualTo(3);
        assertThat(path).hasToString("DR 0,1,3");
        assertThat(DrPath.parse("0")).isSameAs(DrPath.local());
        assertThat(MadRequests.portInfo(path, 4)).hasToString("Get(PortInfo, port 4) to DR 0,1,3");
        assertThat(MadRequests.portCountersExtended(2, 3)).hasToString("Get(PortCountersExtended, PortSelect 3) to LID 2");
    }

    private static byte[] encodeIntoDirtyLittleEndianSlot(MadRequest request) {
        ByteBuffer buf = ByteBuffer.allocateDirect(Mad.SIZE + 40).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < buf.capacity(); i++) {
            buf.put(i, (byte) 0xEE);
        }
        assertThat(request.encode(buf, 20, TID)).isEqualTo(Mad.SIZE);
        byte[] m = new byte[Mad.SIZE];
        buf.get(20, m);
        assertThat(buf.get(19)).isEqualTo((byte) 0xEE);
        assertThat(buf.get(20 + Mad.SIZE)).isEqualTo((byte) 0xEE);
        return m;
    }

    private static List<Integer> range(byte[] m, int from, int to) {
        return Arrays.stream(Arrays.copyOfRange(toInts(m), from, to)).boxed().toList();
    }

    private static int[] toInts(byte[] m) {
        int[] v = new int[m.length];
        for (int i = 0; i < m.length; i++) {
            v[i] = m[i] & 0xFF;
        }
        return v;
    }

    private static String hex(byte[] m) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < m.length; i++) {
            s.append(String.format("%02x", m[i])).append(i % 16 == 15 ? "\n" : " ");
        }
        return s.toString();
    }
}
