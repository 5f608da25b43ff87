/*
 * libfhrds.so: AF_RDS through plain socket(2); no extra library. This file holds the family's own entry
 * points (version, ABI, kernel support) and JNI_OnLoad; the socket calls are in rds_socket.c.
 */
#include "fh_common.h"
#include "fhrds.h"

#include <errno.h>
#include <linux/rds.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

#include "io_fabrichealth_jni_NativeFamily.h"
#include "io_fabrichealth_jni_Rds.h"

#ifndef AF_RDS
#define AF_RDS 21
#endif

static jstring version0(JNIEnv *env, jclass cls)
{
	char text[64];

	(void)cls;
	snprintf(text, sizeof(text), "fhrds %d (linux/rds.h, AF_RDS %d)",
		 (int)io_fabrichealth_jni_NativeFamily_RDS_BINDING_VERSION, AF_RDS);
	return (*env)->NewStringUTF(env, text);
}

static jintArray abi0(JNIEnv *env, jclass cls)
{
	const jint values[] = { io_fabrichealth_jni_NativeFamily_RDS_BINDING_VERSION, AF_RDS, SOL_RDS, SO_RDS_TRANSPORT,
				RDS_INFO_CONNECTIONS, (jint)sizeof(struct rds_info_connection), RDS_INFO_COUNTERS,
				(jint)sizeof(struct rds_info_counter) };

	(void)cls;
	return fh_int_array(env, values, FH_ARRAY_LEN(values));
}

static jint kernelSupport0(JNIEnv *env, jclass cls)
{
	int fd;

	(void)env;
	(void)cls;
	fd = socket(AF_RDS, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

/* Rds declares the same numbers for its callers; keep both in line with linux/rds.h. */
_Static_assert(io_fabrichealth_jni_Rds_AF_RDS == AF_RDS, "Rds.AF_RDS");
_Static_assert(io_fabrichealth_jni_Rds_SOL_RDS == SOL_RDS, "Rds.SOL_RDS");
_Static_assert(io_fabrichealth_jni_Rds_SO_RDS_TRANSPORT == SO_RDS_TRANSPORT, "Rds.SO_RDS_TRANSPORT");
_Static_assert(io_fabrichealth_jni_Rds_RDS_INFO_CONNECTIONS == RDS_INFO_CONNECTIONS, "Rds.RDS_INFO_CONNECTIONS");
_Static_assert(io_fabrichealth_jni_Rds_RDS_INFO_CONNECTION_SIZE == sizeof(struct rds_info_connection),
	       "Rds.RDS_INFO_CONNECTION_SIZE");
_Static_assert(io_fabrichealth_jni_Rds_RDS_INFO_COUNTERS == RDS_INFO_COUNTERS, "Rds.RDS_INFO_COUNTERS");
_Static_assert(io_fabrichealth_jni_Rds_RDS_INFO_COUNTER_SIZE == sizeof(struct rds_info_counter),
	       "Rds.RDS_INFO_COUNTER_SIZE");

static const JNINativeMethod family_methods[] = {
	{ "rdsVersion0", "()Ljava/lang/String;", (void *)version0 },
	{ "rdsAbi0", "()[I", (void *)abi0 },
};

static const JNINativeMethod methods[] = {
	{ "kernelSupport0", "()I", (void *)kernelSupport0 },
};

JNIEXPORT jint JNI_OnLoad(JavaVM *vm, void *reserved)
{
	JNIEnv *env = fh_env(vm);

	(void)reserved;
	if (!env || fh_common_load(env) || fh_errno_register(env) ||
	    fh_register(env, "io/fabrichealth/jni/NativeFamily", family_methods, FH_ARRAY_LEN(family_methods)) ||
	    fh_register(env, "io/fabrichealth/jni/Rds", methods, FH_ARRAY_LEN(methods)) ||
	    fh_rds_socket_register(env))
		return JNI_ERR;
	return FH_JNI_VERSION;
}

JNIEXPORT void JNI_OnUnload(JavaVM *vm, void *reserved)
{
	JNIEnv *env = fh_env(vm);

	(void)reserved;
	if (env)
		fh_common_unload(env);
}
