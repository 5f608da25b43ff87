/**
 * The thin native edge of fabric-health: one .so per family, each loading on its own.
 *
 * <ul>
 *   <li>{@link io.fabrichealth.jni.NativeFamily}: availability of UMAD, VERBS, FABRIC and RDS as
 *       data (available, cause, version), for the Agent MBean.</li>
 *   <li>{@link io.fabrichealth.jni.Umad} / {@link io.fabrichealth.jni.UmadPort}: CAs and the MAD
 *       transport (SMP 0x01/0x81, PerfMgt 0x04), also under ibsim through umad2sim.</li>
 *   <li>{@link io.fabrichealth.jni.Verbs}, {@link io.fabrichealth.jni.Fabric},
 *       {@link io.fabrichealth.jni.Rds}: device list, libfabric version and providers, AF_RDS.</li>
 * </ul>
 *
 * <p>Failures of native calls are {@link io.fabrichealth.jni.NativeException}s carrying the
 * negative errno or library status. The jar belongs on the server classpath (Payara
 * {@code --addlibs}), never in WEB-INF/lib: a native library can belong to one classloader only.
 */
package io.fabrichealth.jni;
