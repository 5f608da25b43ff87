package io.fabrichealth.testbed.guest;

/**
 * Names from {@code /fh-guest/prelude.sh}, for Java code that builds guest scripts or reads their results.
 * A guest script opts in with {@link #SOURCE}, then calls the functions it needs.
 */
public final class GuestPrelude {

    /** The line that loads the helpers: {@code fh_rxe_setup}, {@code fh_netns_pair}, {@code fh_eth_setup ADDR},
     *  {@code fh_wait_peer ADDR}, {@code fh_retry TRIES CMD...}. */
    public static final String SOURCE = ". /fh-guest/prelude.sh";

    /** Soft-RoCE device made by {@code fh_rxe_setup} (on dummy0) and by {@code fh_eth_setup} (on eth0). */
    public static final String RXE_DEVICE = "rxe0";
    /** Both addresses live on dummy0 after {@code fh_rxe_setup}, so one guest holds both ends. */
    public static final String RXE_A = "10.77.0.1";
    public static final String RXE_B = "10.77.0.2";
    /** Namespaces fh_a and fh_b after {@code fh_netns_pair}: RDS between them uses the tcp transport. */
    public static final String NS_A = "10.78.0.1";
    public static final String NS_B = "10.78.0.2";
    /** eth0 of the first and second guest of a {@link GuestPair}, after {@code fh_eth_setup}. */
    public static final String ETH_A = "10.79.0.1";
    public static final String ETH_B = "10.79.0.2";

    private GuestPrelude() {
    }
}
