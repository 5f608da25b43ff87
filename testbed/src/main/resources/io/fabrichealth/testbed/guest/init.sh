#!/bin/busybox sh
# Stage 1, PID 1 in the initramfs: load the few modules needed to reach the host's / over virtio 9p,
# put a tmpfs overlay on it and switch_root, so the guest sees the host's tools, JDK and jars at the same paths.
/bin/busybox --install -s /bin
mkdir -p /proc /sys /dev /ro /rw /new
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev

fail() {
  echo "fh-guest init: $*" >/dev/console
  poweroff -f
}

# busybox insmod resolves no dependencies: modules.load is already in dependency order.
for m in $(cat /lib/modules/modules.load); do
  insmod "/lib/modules/$m" || fail "insmod $m failed"
done

mount -t 9p -o trans=virtio,version=9p2000.L,cache=loose,msize=512000,ro hostroot /ro \
  || fail "cannot mount the host root over 9p (is -virtfs mount_tag=hostroot given?)"
mount -t tmpfs -o mode=0755 tmpfs /rw || fail "cannot mount the overlay tmpfs"
mkdir -p /rw/upper /rw/work
mount -t overlay overlay -o lowerdir=/ro,upperdir=/rw/upper,workdir=/rw/work /new \
  || fail "cannot mount the overlay on the host root"

# /fh-guest carries stage 2, the prelude and a static busybox into the new root.
mkdir -p /new/fh-guest
cp /fh-guest/* /new/fh-guest/ && cp /bin/busybox /new/fh-guest/busybox || fail "cannot copy /fh-guest"
mount --move /proc /new/proc && mount --move /sys /new/sys && mount --move /dev /new/dev \
  || fail "cannot move /proc /sys /dev into the new root"
exec switch_root /new /fh-guest/busybox sh /fh-guest/stage2.sh
