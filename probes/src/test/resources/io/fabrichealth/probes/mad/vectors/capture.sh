#!/bin/bash
# Captures real MAD bytes from a simulated fabric, next to what smpquery/perfquery print for them.
#
#   capture.sh [OUTDIR]      (default: the folder of this script)
#
# How: ibsim runs fabric.net on a private IBSIM_SOCKNAME, `opensm -o` does one sweep to assign LIDs,
# then each query runs once through the real libibumad (umad2sim LD_PRELOAD) with `-d -d`. At that
# debug level libibmad hex-dumps the buffer it sends ("send buf": 64-byte ib_user_mad header, then the
# 256-byte MAD) and the MAD it receives ("rcv buf": 256 bytes). Each NAME.mad.txt keeps the command,
# those dumps and the tool's normal output, so the tests can decode the bytes and compare field by field.
# iblinkinfo.txt keeps the iblinkinfo wording of every link for the same fabric.
#
# Needs: apt-get install ibsim-utils opensm infiniband-diags
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
out=$(mkdir -p "${1:-$here}" && cd "${1:-$here}" && pwd)
umad2sim=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so

for tool in ibsim opensm smpquery perfquery iblinkinfo; do
    command -v "$tool" >/dev/null || { echo "$tool not found: apt-get install ibsim-utils opensm infiniband-diags" >&2; exit 2; }
done
[ -e "$umad2sim" ] || { echo "$umad2sim not found: apt-get install ibsim-utils" >&2; exit 2; }

work=$(mktemp -d /tmp/madvec.XXXXXX)
export IBSIM_SOCKNAME="madvec-$$-$RANDOM"
ibsim_pid=""
cleanup() {
    # Only our own simulator, by PID; clients are all finished (each runs under `timeout`).
    [ -n "$ibsim_pid" ] && kill "$ibsim_pid" 2>/dev/null && wait "$ibsim_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

cp "$here/fabric.net" "$work/fabric.net"
mkfifo "$work/console"
# A fifo opened read-write keeps ibsim's stdin open without EOF (EOF makes it spin at 100% CPU).
timeout 600 ibsim -s "$work/fabric.net" <>"$work/console" >>"$work/ibsim.log" 2>&1 &
ibsim_pid=$!
for _ in $(seq 50); do grep -q 'sim>' "$work/ibsim.log" 2>/dev/null && break; sleep 0.1; done
grep -q 'sim>' "$work/ibsim.log" || { echo "ibsim did not start:" >&2; cat "$work/ibsim.log" >&2; exit 1; }

# Console commands are queued and written in one go; ibsim runs them in order, then we give it a moment.
queued=()
queue() { queued+=("$1"); }
console() { queue "$1"; printf '%s\n' "${queued[@]}" >"$work/console"; queued=(); sleep 0.3; }

mkdir -p "$work/run" "$work/osm"
# Clients run from a scratch folder: umad2sim creates ./sys-<pid>/ in the working directory.
client() { (cd "$work/run" && LD_PRELOAD=$umad2sim SIM_HOST=Hca1 timeout 20 "$@"); }

opensm -c "$work/osm/opensm.conf" >/dev/null 2>&1 || true
sed -i 's/^force_log_flush.*/force_log_flush TRUE/' "$work/osm/opensm.conf"
OSM_TMP_DIR=$work/osm OSM_CACHE_DIR=$work/osm client \
    opensm -F "$work/osm/opensm.conf" -o -f "$work/osm/opensm.log" >"$work/osm/out.txt" 2>&1 \
    || { echo "opensm sweep failed:" >&2; tail -20 "$work/osm/opensm.log" >&2; exit 1; }

lid_of() { client smpquery -D portinfo "$1" "$2" | sed -n 's/^Lid:\.*//p'; }
sw1=$(lid_of 0,1 0)
sw2=$(lid_of 0,1,3 0)
hca1=$(lid_of 0 1)
echo "LIDs: Switch1=$sw1 Switch2=$sw2 Hca1=$hca1" >&2

# Distinct counter values expose swapped fields; maximal values expose wrong widths.
for kv in SymbolErrorCounter=1234 PortRcvErrors=2345 PortRcvRemotePhysicalErrors=3456 \
          PortRcvSwitchRelayErrors=4567 PortXmitDiscards=5678 PortXmitConstraintErrors=67 \
          PortRcvConstraintErrors=78 LocalLinkIntegrityErrors=9 ExcessiveBufferOverrunErrors=10 \
          VL15Dropped=1112 PortXmitWait=131415; do
    queue "PerformanceSet \"Switch1\"[3] PortCounters.$kv"
done
for kv in PortXmitData=81985529216486895 PortRcvData=1311768467463790320 PortXmitPkts=4294967297 \
          PortRcvPkts=1099511627776 PortUnicastXmitPkts=11 PortUnicastRcvPkts=12 \
          PortMultiCastXmitPkts=13 PortMultiCastRcvPkts=14; do
    queue "PerformanceSet \"Switch1\"[3] PortCountersExtended.$kv"
done
for kv in SymbolErrorCounter=65535 PortRcvErrors=65535 PortRcvRemotePhysicalErrors=65535 \
          PortRcvSwitchRelayErrors=65535 PortXmitDiscards=65535 PortXmitConstraintErrors=255 \
          PortRcvConstraintErrors=255 LocalLinkIntegrityErrors=15 ExcessiveBufferOverrunErrors=15 \
          VL15Dropped=65535 PortXmitData=4294967295 PortRcvData=4294967295 PortXmitPkts=4294967295 \
          PortRcvPkts=4294967295 PortXmitWait=4294967295; do
    queue "PerformanceSet \"Switch2\"[1] PortCounters.$kv"
done
console "# counters set"

# capture NAME TOOL ARGS...: one vector file per query.
capture() {
    local name=$1; shift
    local tool=$1; shift
    local f="$out/$name.mad.txt" rc=0
    client "$tool" -d -d "$@" >"$work/stdout" 2>"$work/stderr" || rc=$?
    {
        echo "## Captured by capture.sh from ibsim-utils $(dpkg-query -W -f='${Version}' ibsim-utils 2>/dev/null)" \
             "and infiniband-diags $(dpkg-query -W -f='${Version}' infiniband-diags 2>/dev/null) on fabric.net."
        echo "## LIDs: Switch1=$sw1 Switch2=$sw2 Hca1=$hca1 (attached client: Hca1 port 1). Exit status: $rc"
        echo "--- command"
        echo "$tool $*"
        awk '/^send buf$/ { print "--- send buf"; next }
             /^rcv buf$/  { print "--- rcv buf"; next }
             /^[0-9a-f][0-9a-f][0-9a-f][0-9a-f]( [0-9a-f][0-9a-f][0-9a-f][0-9a-f])*$/ { print }' "$work/stderr"
        echo "--- output"
        # PIDs differ on every run; keep the messages, not the numbers.
        { cat "$work/stdout"; grep -E 'iberror|error status' "$work/stderr" || true; } \
            | sed -E 's/\[pid [0-9]+\]|\[[0-9]+\]/[pid]/'
    } >"$f"
    echo "captured $name (exit $rc)" >&2
}

capture nodeinfo-ca-lid        smpquery nodeinfo "$hca1"
capture nodeinfo-switch-lid    smpquery nodeinfo "$sw1"
capture nodeinfo-switch-dr     smpquery -D nodeinfo 0,1,3
capture nodeinfo-local-dr      smpquery -D nodeinfo 0
capture nodedesc-switch-lid    smpquery nodedesc "$sw2"
capture nodedesc-ca-dr         smpquery -D nodedesc 0,1,2
capture switchinfo-lid         smpquery switchinfo "$sw1"
capture switchinfo-dr          smpquery -D switchinfo 0,1,3
capture portinfo-ca-edr        smpquery portinfo "$hca1" 1
capture portinfo-switch-port0  smpquery portinfo "$sw1" 0
capture portinfo-switch2-port0 smpquery portinfo "$sw2" 0
capture portinfo-switch-1x     smpquery portinfo "$sw1" 2
capture portinfo-switch-hdr    smpquery portinfo "$sw1" 3
capture portinfo-switch-fdr    smpquery portinfo "$sw2" 1
capture portinfo-switch-sdr-enabled smpquery portinfo "$sw2" 2
capture portinfo-switch-unused smpquery portinfo "$sw1" 8
capture portinfo-dr            smpquery -D portinfo 0,1 5
capture portinfo-bad-port      smpquery portinfo "$sw1" 9
capture perf-counters          perfquery "$sw1" 3
capture perf-counters-max      perfquery "$sw2" 1
capture perf-counters-ca       perfquery "$hca1" 1
capture perf-counters-all      perfquery -a "$sw1"
capture perf-extended          perfquery -x "$sw1" 3
capture perf-bad-port          perfquery "$sw1" 9

# iblinkinfo before the link below goes down and comes back, so it describes the same states.
client iblinkinfo >"$out/iblinkinfo.txt" 2>/dev/null

console 'Unlink "Switch2"[5]'
capture portinfo-unlinked      smpquery portinfo "$sw2" 5
console 'ReLink "Switch2"[5]'
capture portinfo-relinked      smpquery portinfo "$sw2" 5
capture perf-counters-relinked perfquery "$sw2" 5

echo "vectors written to $out" >&2
