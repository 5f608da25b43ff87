/*
 * Shared by the fabric family's native files. Every libfabric object crosses to Java as a jlong
 * holding its pointer; a negative jlong is a -errno / -FI_E* status instead (user-space pointers
 * never have the top bit set on x86_64). Java owns the lifetime: it closes each handle exactly once.
 */
#ifndef FABRIC_JNI_H
#define FABRIC_JNI_H

#include <rdma/fabric.h>
#include <stdint.h>

#include "fh_common.h"

#define FH_PTR(type, handle) ((type)(uintptr_t)(handle))
#define FH_HANDLE(ptr) ((jlong)(uintptr_t)(ptr))

/* Every fid opened through this library and not yet closed; tests compare it with a baseline. */
FH_HIDDEN void fabric_handle_opened(void);
FH_HIDDEN void fabric_handle_closed(void);
FH_HIDDEN long fabric_handles_open(void);

/* fi_close() on any fid, counted; 0 or a negative status. */
FH_HIDDEN int fabric_close_fid(struct fid *fid);

/* One RegisterNatives per Java class of io.fabrichealth.jni.fabric; 0 or JNI_ERR. */
FH_HIDDEN int fabric_info_register(JNIEnv *env);
FH_HIDDEN int fabric_objects_register(JNIEnv *env);
FH_HIDDEN int fabric_mr_register(JNIEnv *env);
FH_HIDDEN int fabric_ops_register(JNIEnv *env);
FH_HIDDEN int fabric_wait_register(JNIEnv *env);
FH_HIDDEN int fabric_bytes_register(JNIEnv *env);

#endif
