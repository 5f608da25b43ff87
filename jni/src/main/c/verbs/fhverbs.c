/*
 * libfhverbs.so: libibverbs and librdmacm. This file holds the device list and JNI_OnLoad; the RC connections
 * of the verbs ping-pong are in verbs_conn.c.
 */
#include "fh_common.h"
#include "fhverbs.h"

#include <errno.h>
#include <infiniband/verbs.h>
#include <stdio.h>

#include "io_fabrichealth_jni_NativeFamily.h"

static jclass string_class;

static jstring version0(JNIEnv *env, jclass cls)
{
	char text[64];

	(void)cls;
	snprintf(text, sizeof(text), "fhverbs %d (libibverbs, librdmacm)",
		 (int)io_fabrichealth_jni_NativeFamily_VERBS_BINDING_VERSION);
	return (*env)->NewStringUTF(env, text);
}

static jintArray abi0(JNIEnv *env, jclass cls)
{
	const jint values[] = { io_fabrichealth_jni_NativeFamily_VERBS_BINDING_VERSION,
				io_fabrichealth_jni_verbs_VerbsConnection_COMPLETION_SIZE };

	(void)cls;
	return fh_int_array(env, values, FH_ARRAY_LEN(values));
}

static jobjectArray deviceNames0(JNIEnv *env, jclass cls)
{
	struct ibv_device **list;
	jobjectArray names;
	int count = 0, i;

	(void)cls;
	errno = 0;
	list = ibv_get_device_list(&count);
	if (!list) {
		fh_throw(env, errno ? -errno : -EIO, "ibv_get_device_list");
		return NULL;
	}
	names = (*env)->NewObjectArray(env, count, string_class, NULL);
	for (i = 0; names && i < count; i++) {
		jstring name = (*env)->NewStringUTF(env, ibv_get_device_name(list[i]));

		if (!name) {
			names = NULL;
			break;
		}
		(*env)->SetObjectArrayElement(env, names, i, name);
		if ((*env)->ExceptionCheck(env)) {
			names = NULL;
			break;
		}
		(*env)->DeleteLocalRef(env, name);
	}
	ibv_free_device_list(list);
	return names;
}

static const JNINativeMethod family_methods[] = {
	{ "verbsVersion0", "()Ljava/lang/String;", (void *)version0 },
	{ "verbsAbi0", "()[I", (void *)abi0 },
};

static const JNINativeMethod methods[] = {
	{ "deviceNames0", "()[Ljava/lang/String;", (void *)deviceNames0 },
};

JNIEXPORT jint JNI_OnLoad(JavaVM *vm, void *reserved)
{
	JNIEnv *env = fh_env(vm);

	(void)reserved;
	if (!env || fh_common_load(env) || fh_errno_register(env))
		return JNI_ERR;
	string_class = fh_global_class(env, "java/lang/String");
	if (!string_class ||
	    fh_register(env, "io/fabrichealth/jni/NativeFamily", family_methods, FH_ARRAY_LEN(family_methods)) ||
	    fh_register(env, "io/fabrichealth/jni/Verbs", methods, FH_ARRAY_LEN(methods)) ||
	    fh_verbs_conn_register(env))
		return JNI_ERR;
	return FH_JNI_VERSION;
}

JNIEXPORT void JNI_OnUnload(JavaVM *vm, void *reserved)
{
	JNIEnv *env = fh_env(vm);

	(void)reserved;
	if (!env)
		return;
	fh_release_class(env, &string_class);
	fh_common_unload(env);
}
