/**
 * The thin native edge of fabric-health: one .so per family, each loading on its own.
 *
 * <ul>
 *   <li>{@link io.fabrichealth.jni.NativeFamily}: the one description of UMAD, VERBS, FABRIC and RDS (library,
 *       Debian packages, load state and ABI check), and their availability as data (available, cause,
 *       version) for the Agent MBean. Every entry point starts with {@code ensureAvailable()}.</li>
 *   <li>{@link io.fabrichealth.jni.NativeHandle}: the one close-once handle every native object is (umad
 *       port, verbs connection, listener and memory, RDS socket, libfabric objects), children closed first.</li>
 *   <li>{@link io.fabrichealth.jni.NativeException}: the one status-to-exception mapping ({@code check}),
 *       carrying the negative errno or library status; {@link io.fabrichealth.jni.Errno} names it, with the
 *       names and values read from C at load (nothing tied to x86_64's numbers).</li>
 *   <li>{@link io.fabrichealth.jni.Umad} / {@link io.fabrichealth.jni.UmadPort}: CAs and the MAD
 *       transport (SMP 0x01/0x81, PerfMgt 0x04), also under ibsim through umad2sim.</li>
 *   <li>{@link io.fabrichealth.jni.Verbs}, {@link io.fabrichealth.jni.Fabric},
 *       {@link io.fabrichealth.jni.Rds}: device list, libfabric version and providers, AF_RDS.</li>
 * </ul>
 *
 * <p>Classes depend one way: NativeLoader and AbiCheck, then NativeFamily, then Errno and NativeException, then
 * NativeHandle, then the families' classes; parents never name their children's types (no import circle). The
 * jar belongs on the server classpath (Payara {@code --addlibs}), never in WEB-INF/lib: a native library can
 * belong to one classloader only.
 */
package io.fabrichealth.jni;
