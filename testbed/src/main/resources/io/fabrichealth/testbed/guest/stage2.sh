# Stage 2, PID 1 on the overlaid host root: run the caller's script and report through the serial ports.
#   ttyS0 console (kernel + these notes), ttyS1 the script's stdout+stderr, ttyS2 its exit status.
bb=/fh-guest/busybox
arg() { $bb sed -n "s/.* $1=\([^ ]*\).*/\1/p" /proc/cmdline; }
note() { echo "fh-guest: $* at uptime $($bb cut -d' ' -f1 /proc/uptime)" >/dev/console; }
down() { $bb sync; $bb poweroff -f; }

# Raw mode: no \n -> \r\n translation, no echo of what the host might send.
$bb stty -F /dev/ttyS1 raw -echo && $bb stty -F /dev/ttyS2 raw -echo || { note "cannot set up ttyS1/ttyS2"; down; }

$bb mkdir -p /dev/pts /dev/shm /run /tmp
$bb mount -t devpts devpts /dev/pts
$bb mount -t tmpfs -o mode=1777 tmpfs /dev/shm
# A fresh /run: ip netns keeps its state there, and the host's /run must not leak in.
$bb mount -t tmpfs -o mode=0755 tmpfs /run
$bb hostname fh-guest
$bb ip link set lo up

run=$(arg fh.run)
shared=$(arg fh.shared)
if [ -n "$shared" ]; then
  $bb mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000 fhshared "$shared" \
    || { note "cannot mount the shared dir $shared"; down; }
fi

export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root TERM=dumb
export FH_RUN_DIR="$run" FH_SHARED_DIR="$shared"
cd /root 2>/dev/null || cd /

note "running $run/script.sh"
# Through a pipe, so that the script's stdout is not a tty: tools print as they would in CI (no ls columns).
{ /bin/sh "$run/script.sh" 2>&1 </dev/null; echo $? >/fh-guest/status; } | $bb cat >/dev/ttyS1
status=$($bb cat /fh-guest/status)
note "script exited $status"
echo "$status" >/dev/ttyS2
down
