/*
 * Helpers shared by every family. Each .so links its own copy, so the caches below are
 * per family and a family can load or fail on its own.
 */
#ifndef FH_COMMON_H
#define FH_COMMON_H

#include <jni.h>

#define FH_HIDDEN __attribute__((visibility("hidden")))
#define FH_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define FH_JNI_VERSION JNI_VERSION_10

/* Caches io.fabrichealth.jni.NativeException as a global ref; 0 or JNI_ERR. */
FH_HIDDEN int fh_common_load(JNIEnv *env);
FH_HIDDEN void fh_common_unload(JNIEnv *env);
/* Registers the status table (fh_errno.c) that io.fabrichealth.jni.Errno reads; 0 or JNI_ERR. */
FH_HIDDEN int fh_errno_register(JNIEnv *env);

/* Global ref to a class, or NULL with an exception pending. */
FH_HIDDEN jclass fh_global_class(JNIEnv *env, const char *name);
FH_HIDDEN void fh_release_class(JNIEnv *env, jclass *cls);

/* RegisterNatives on one class; 0 or JNI_ERR. */
FH_HIDDEN int fh_register(JNIEnv *env, const char *class_name,
			  const JNINativeMethod *methods, int count);

/*
 * Throws NativeException(status, call) where C has nothing to return;
 * status is a negative errno or library status, call names the failing call.
 */
FH_HIDDEN void fh_throw(JNIEnv *env, int status, const char *call);

/*
 * Address of [offset, offset+length) inside a direct buffer, or NULL when the buffer is
 * not direct or the range is outside it. Java checks first; this is the last guard.
 */
FH_HIDDEN void *fh_direct_range(JNIEnv *env, jobject buffer, jint offset, jint length);

/* Java int[] from C ints, or NULL with an exception pending. */
FH_HIDDEN jintArray fh_int_array(JNIEnv *env, const jint *values, jsize count);

/* Attach to the VM in JNI_OnLoad/OnUnload. */
FH_HIDDEN JNIEnv *fh_env(JavaVM *vm);

#endif
