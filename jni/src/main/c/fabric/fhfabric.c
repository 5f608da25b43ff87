/*
 * libfhfabric.so: libfabric's version and provider list, and (registered from the other files of
 * this folder) the resources of io.fabrichealth.jni.fabric that the burst engine drives.
 * Natives other than fabricVersion0/fabricAbi0/fabricLinkError0 (on NativeFamily) are only called
 * once fabricLinkError0() said null.
 */
#include "fh_common.h"

#include <rdma/fabric.h>
#include <rdma/fi_eq.h>
#include <rdma/fi_errno.h>
#include <stdio.h>
#include <sys/uio.h>

#include "fabric_jni.h"
#include "fabric_lib.h"
#include "io_fabrichealth_jni_NativeFamily.h"

static jclass provider_class;
static jmethodID provider_from_native;

static uint32_t running_version(void)
{
	return fabric.version ? fabric.version() : 0;
}

static jstring version0(JNIEnv *env, jclass cls)
{
	uint32_t running = running_version();
	char text[160];

	(void)cls;
	snprintf(text, sizeof(text),
		 "fhfabric %d (libfabric %u.%u, built against %d.%d; %d foreign signal handlers undone)",
		 (int)io_fabrichealth_jni_NativeFamily_FABRIC_BINDING_VERSION, FI_MAJOR(running), FI_MINOR(running),
		 FI_MAJOR_VERSION, FI_MINOR_VERSION, fabric_signals_restored());
	return (*env)->NewStringUTF(env, text);
}

static jintArray abi0(JNIEnv *env, jclass cls)
{
	uint32_t running = running_version();
	const jint values[] = {
		io_fabrichealth_jni_NativeFamily_FABRIC_BINDING_VERSION,
		FI_MAJOR_VERSION, FI_MINOR_VERSION,
		(jint)FI_MAJOR(running), (jint)FI_MINOR(running),
		/* Layouts Java writes or reads in direct buffers. */
		(jint)sizeof(struct iovec), (jint)sizeof(struct fi_context2),
		(jint)sizeof(struct fi_cq_msg_entry), (jint)sizeof(void *),
	};

	(void)cls;
	return fh_int_array(env, values, FH_ARRAY_LEN(values));
}

static jstring linkError0(JNIEnv *env, jclass cls)
{
	const char *error = fabric_lib_error();

	(void)cls;
	return error ? (*env)->NewStringUTF(env, error) : NULL;
}

static jint fiVersion0(JNIEnv *env, jclass cls)
{
	(void)env;
	(void)cls;
	return (jint)running_version();
}

static jobject provider_to_java(JNIEnv *env, const struct fi_info *info)
{
	const char *name = info->fabric_attr && info->fabric_attr->prov_name ?
			   info->fabric_attr->prov_name : "?";
	jint ep_type = info->ep_attr ? (jint)info->ep_attr->type : FI_EP_UNSPEC;
	jstring jname = (*env)->NewStringUTF(env, name);
	jobject result;

	if (!jname)
		return NULL;
	result = (*env)->CallStaticObjectMethod(env, provider_class, provider_from_native, jname,
						ep_type, (jboolean)((info->caps & FI_RMA) != 0));
	if ((*env)->ExceptionCheck(env))
		return NULL;
	(*env)->DeleteLocalRef(env, jname);
	return result;
}

static jobjectArray providers0(JNIEnv *env, jclass cls)
{
	struct fi_info *list = NULL, *info;
	jobjectArray result;
	int count = 0, slot = 0, rc;

	(void)cls;
	rc = fabric_getinfo(NULL, &list);
	if (rc) {
		fh_throw(env, rc, "fi_getinfo");
		return NULL;
	}
	for (info = list; info; info = info->next)
		count++;
	result = (*env)->NewObjectArray(env, count, provider_class, NULL);
	for (info = list; result && info; info = info->next) {
		jobject provider = provider_to_java(env, info);

		if (!provider) {
			result = NULL;
			break;
		}
		(*env)->SetObjectArrayElement(env, result, slot++, provider);
		if ((*env)->ExceptionCheck(env)) {
			result = NULL;
			break;
		}
		(*env)->DeleteLocalRef(env, provider);
	}
	fabric.freeinfo(list);
	return result;
}

static const JNINativeMethod family_methods[] = {
	{ "fabricVersion0", "()Ljava/lang/String;", (void *)version0 },
	{ "fabricAbi0", "()[I", (void *)abi0 },
	{ "fabricLinkError0", "()Ljava/lang/String;", (void *)linkError0 },
};

static const JNINativeMethod methods[] = {
	{ "fiVersion0", "()I", (void *)fiVersion0 },
	{ "providers0", "()[Lio/fabrichealth/jni/FabricProvider;", (void *)providers0 },
};

/* A missing libfabric is not a load failure: linkError0() reports it as data. */
JNIEXPORT jint JNI_OnLoad(JavaVM *vm, void *reserved)
{
	JNIEnv *env = fh_env(vm);

	(void)reserved;
	if (!env || fh_common_load(env) || fh_errno_register(env))
		return JNI_ERR;
	provider_class = fh_global_class(env, "io/fabrichealth/jni/FabricProvider");
	if (!provider_class)
		return JNI_ERR;
	provider_from_native = (*env)->GetStaticMethodID(env, provider_class, "fromNative",
		"(Ljava/lang/String;IZ)Lio/fabrichealth/jni/FabricProvider;");
	if (!provider_from_native ||
	    fh_register(env, "io/fabrichealth/jni/NativeFamily", family_methods, FH_ARRAY_LEN(family_methods)) ||
	    fh_register(env, "io/fabrichealth/jni/Fabric", methods, FH_ARRAY_LEN(methods)) ||
	    fabric_info_register(env) || fabric_objects_register(env) || fabric_mr_register(env) ||
	    fabric_ops_register(env) || fabric_wait_register(env) || fabric_bytes_register(env))
		return JNI_ERR;
	fabric_lib_open();
	return FH_JNI_VERSION;
}

JNIEXPORT void JNI_OnUnload(JavaVM *vm, void *reserved)
{
	JNIEnv *env = fh_env(vm);

	(void)reserved;
	fabric_lib_close();
	if (!env)
		return;
	fh_release_class(env, &provider_class);
	provider_from_native = NULL;
	fh_common_unload(env);
}
