/*
 * libfhumad.so: JNI_OnLoad registers the natives of Umad, UmadPort, SimulatorGuard and the
 * family's version and ABI natives on NativeFamily, and
 * caches the classes C builds. Nothing here touches libibumad, so loading the library never
 * wakes umad2sim.
 */
#include "fhumad.h"

#include <infiniband/umad.h>
#include <stdio.h>

#include "io_fabrichealth_jni_NativeFamily.h"
#include "io_fabrichealth_jni_UmadPort.h"

struct fhumad_cache fhumad;

_Static_assert(io_fabrichealth_jni_UmadPort_MAD_SIZE == 256, "a MAD is 256 bytes");

static jstring version0(JNIEnv *env, jclass cls)
{
	char text[64];

	(void)cls;
	snprintf(text, sizeof(text), "fhumad %d (libibumad ABI %d)",
		 (int)io_fabrichealth_jni_NativeFamily_UMAD_BINDING_VERSION, IB_UMAD_ABI_VERSION);
	return (*env)->NewStringUTF(env, text);
}

static jintArray abi0(JNIEnv *env, jclass cls)
{
	const jint values[] = {
		io_fabrichealth_jni_NativeFamily_UMAD_BINDING_VERSION,
		sizeof(struct ib_user_mad),
		sizeof(struct ib_mad_addr),
		io_fabrichealth_jni_UmadPort_MAD_SIZE,
		UMAD_CA_NAME_LEN,
		io_fabrichealth_jni_UmadPort_RECV_SLOT_SIZE,
	};

	(void)cls;
	return fh_int_array(env, values, FH_ARRAY_LEN(values));
}

static const JNINativeMethod abi_methods[] = {
	{ "umadVersion0", "()Ljava/lang/String;", (void *)version0 },
	{ "umadAbi0", "()[I", (void *)abi0 },
};

static int cache_classes(JNIEnv *env)
{
	fhumad.string_class = fh_global_class(env, "java/lang/String");
	fhumad.ca_port_class = fh_global_class(env, "io/fabrichealth/jni/CaPort");
	fhumad.ca_info_class = fh_global_class(env, "io/fabrichealth/jni/CaInfo");
	if (!fhumad.string_class || !fhumad.ca_port_class || !fhumad.ca_info_class)
		return JNI_ERR;
	fhumad.ca_port_ctor = (*env)->GetMethodID(env, fhumad.ca_port_class, "<init>",
						 "(IIIIIIILjava/lang/String;J)V");
	if (!fhumad.ca_port_ctor)
		return JNI_ERR;
	fhumad.ca_info_from_native = (*env)->GetStaticMethodID(env, fhumad.ca_info_class, "fromNative",
		"(Ljava/lang/String;IILjava/lang/String;Ljava/lang/String;JJ[Lio/fabrichealth/jni/CaPort;)"
		"Lio/fabrichealth/jni/CaInfo;");
	return fhumad.ca_info_from_native ? 0 : JNI_ERR;
}

static void release_classes(JNIEnv *env)
{
	fh_release_class(env, &fhumad.string_class);
	fh_release_class(env, &fhumad.ca_port_class);
	fh_release_class(env, &fhumad.ca_info_class);
	fhumad.ca_port_ctor = NULL;
	fhumad.ca_info_from_native = NULL;
}

JNIEXPORT jint JNI_OnLoad(JavaVM *vm, void *reserved)
{
	JNIEnv *env = fh_env(vm);

	(void)reserved;
	if (!env || fh_common_load(env) || fh_errno_register(env) || cache_classes(env) ||
	    fh_register(env, "io/fabrichealth/jni/NativeFamily", abi_methods, FH_ARRAY_LEN(abi_methods)) ||
	    fh_register(env, "io/fabrichealth/jni/Umad", fhumad_ca_methods, fhumad_ca_method_count) ||
	    fh_register(env, "io/fabrichealth/jni/SimulatorGuard", fhumad_sim_methods,
			fhumad_sim_method_count) ||
	    fh_register(env, "io/fabrichealth/jni/UmadPort", fhumad_port_methods,
			fhumad_port_method_count))
		return JNI_ERR;
	return FH_JNI_VERSION;
}

JNIEXPORT void JNI_OnUnload(JavaVM *vm, void *reserved)
{
	JNIEnv *env = fh_env(vm);

	(void)reserved;
	if (!env)
		return;
	release_classes(env);
	fh_common_unload(env);
}
