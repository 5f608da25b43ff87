package io.fabrichealth.testbed.guest;

import java.nio.file.Path;

/** A bootable guest: the unpacked ELF kernel and the initramfs that mounts the host's / over 9p. */
public record GuestImage(String kernelVersion, Path vmlinux, Path initramfs) {
}
