#include "fh_common.h"

#include <stddef.h>

static jclass native_exception_class;
static jmethodID native_exception_ctor;

JNIEnv *fh_env(JavaVM *vm)
{
	void *env = NULL;

	if ((*vm)->GetEnv(vm, &env, FH_JNI_VERSION) != JNI_OK)
		return NULL;
	return env;
}

jclass fh_global_class(JNIEnv *env, const char *name)
{
	jclass local = (*env)->FindClass(env, name);
	jclass global;

	if (!local)
		return NULL;
	global = (*env)->NewGlobalRef(env, local);
	(*env)->DeleteLocalRef(env, local);
	return global;
}

void fh_release_class(JNIEnv *env, jclass *cls)
{
	if (*cls) {
		(*env)->DeleteGlobalRef(env, *cls);
		*cls = NULL;
	}
}

int fh_register(JNIEnv *env, const char *class_name,
		const JNINativeMethod *methods, int count)
{
	jclass cls = (*env)->FindClass(env, class_name);
	int rc;

	if (!cls)
		return JNI_ERR;
	rc = (*env)->RegisterNatives(env, cls, methods, count);
	(*env)->DeleteLocalRef(env, cls);
	return rc == 0 ? 0 : JNI_ERR;
}

int fh_common_load(JNIEnv *env)
{
	native_exception_class = fh_global_class(env, "io/fabrichealth/jni/NativeException");
	if (!native_exception_class)
		return JNI_ERR;
	native_exception_ctor = (*env)->GetMethodID(env, native_exception_class, "<init>",
						    "(ILjava/lang/String;)V");
	if (!native_exception_ctor)
		return JNI_ERR;
	return 0;
}

void fh_common_unload(JNIEnv *env)
{
	fh_release_class(env, &native_exception_class);
	native_exception_ctor = NULL;
}

void fh_throw(JNIEnv *env, int status, const char *call)
{
	jstring what;
	jobject ex;

	if ((*env)->ExceptionCheck(env))
		return;
	what = (*env)->NewStringUTF(env, call);
	if (!what)
		return;
	ex = (*env)->NewObject(env, native_exception_class, native_exception_ctor,
			       (jint)status, what);
	(*env)->DeleteLocalRef(env, what);
	if (ex) {
		(*env)->Throw(env, ex);
		(*env)->DeleteLocalRef(env, ex);
	}
}

void *fh_direct_range(JNIEnv *env, jobject buffer, jint offset, jint length)
{
	char *base = (*env)->GetDirectBufferAddress(env, buffer);
	jlong capacity = (*env)->GetDirectBufferCapacity(env, buffer);

	if (!base || offset < 0 || length < 0 || (jlong)offset + length > capacity)
		return NULL;
	return base + offset;
}

jintArray fh_int_array(JNIEnv *env, const jint *values, jsize count)
{
	jintArray array = (*env)->NewIntArray(env, count);

	if (!array)
		return NULL;
	(*env)->SetIntArrayRegion(env, array, 0, count, values);
	if ((*env)->ExceptionCheck(env)) {
		(*env)->DeleteLocalRef(env, array);
		return NULL;
	}
	return array;
}
