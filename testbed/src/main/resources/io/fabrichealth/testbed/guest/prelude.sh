# Helpers a guest script sources on demand: . /fh-guest/prelude.sh; fh_rxe_setup
# Addresses are fixed so that tests and probes can name them.
FH_RXE_A=10.77.0.1   # on dummy0, served by rxe0
FH_RXE_B=10.77.0.2   # second address on dummy0, so one guest holds both ends
FH_NS_A=10.78.0.1    # fh_va in namespace fh_a
FH_NS_B=10.78.0.2    # fh_vb in namespace fh_b

# Soft-RoCE on a dummy netdev (rxe on lo fails with "No such device").
# Also loads RDS so that AF_RDS sockets exist (rds_rdma over rxe0 gives the infiniband transport).
fh_rxe_setup() {
  modprobe -a rdma_rxe rdma_ucm ib_uverbs rds_tcp rds_rdma dummy || return
  ip link add dummy0 type dummy || return
  ip addr add "$FH_RXE_A/24" dev dummy0 && ip addr add "$FH_RXE_B/24" dev dummy0 || return
  ip link set dummy0 up || return
  rdma link add rxe0 type rxe netdev dummy0
}

# Two network namespaces, fh_a and fh_b, joined by a veth pair: two "hosts" in one guest, so that
# RDS between FH_NS_A and FH_NS_B uses the real tcp transport (two local addresses would use loopback).
# Run a side with: ip netns exec fh_a CMD.
# No rxe here: the 6.1 kernel's rxe opens its UDP socket in the initial namespace only, so an rxe device
# on a veth inside a namespace reports PORT_ACTIVE but every connection is UNREACHABLE.
fh_netns_pair() {
  modprobe -a veth rds_tcp || return
  ip netns add fh_a && ip netns add fh_b || return
  ip link add fh_va netns fh_a type veth peer name fh_vb netns fh_b || return
  ip -n fh_a addr add "$FH_NS_A/24" dev fh_va && ip -n fh_b addr add "$FH_NS_B/24" dev fh_vb || return
  ip -n fh_a link set lo up && ip -n fh_b link set lo up || return
  ip -n fh_a link set fh_va up && ip -n fh_b link set fh_vb up
}

# fh_retry TRIES CMD...: run CMD until it succeeds, half a second apart. For a client whose server
# may not listen yet; process starts cost 50-300 ms each under TCG, so fixed sleeps are fragile.
fh_retry() {
  fh_tries=$1; shift
  while :; do
    "$@" && return 0
    fh_tries=$((fh_tries - 1))
    [ "$fh_tries" -gt 0 ] || return 1
    sleep 0.5
  done
}

# Two-guest mode (GuestPair): eth0 is a virtio-net joined to the other guest.
FH_ETH_A=10.79.0.1   # first guest
FH_ETH_B=10.79.0.2   # second guest

# fh_eth_setup ADDR: this guest's eth0 address, and rxe0 on eth0.
fh_eth_setup() {
  modprobe -a virtio_net rdma_rxe rdma_ucm ib_uverbs rds_tcp rds_rdma || return
  ip addr add "$1/24" dev eth0 && ip link set eth0 up || return
  rdma link add rxe0 type rxe netdev eth0
}

# fh_wait_peer ADDR: until the other guest answers ping (the two boot at their own pace).
fh_wait_peer() {
  fh_retry 60 /fh-guest/busybox ping -c 1 -W 1 "$1" >/dev/null
}
