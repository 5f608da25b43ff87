/*
 * io.fabrichealth.jni.fabric.MemoryRegion: fi_mr_reg on memory Java owns (direct ByteBuffers),
 * and the key/descriptor Java hands to peers and to data-path calls. Java decides from mr_mode
 * whether peers address it by offset or by virtual address, and which key to ask for.
 */
#include "fabric_jni.h"

#include <rdma/fi_domain.h>

static jlong mr_reg0(JNIEnv *env, jclass cls, jlong domain, jlong addr, jlong len, jlong access,
		     jlong requested_key, jlong flags)
{
	struct fid_mr *mr = NULL;
	int rc;

	(void)env;
	(void)cls;
	rc = fi_mr_reg(FH_PTR(struct fid_domain *, domain), FH_PTR(const void *, addr), (size_t)len,
		       (uint64_t)access, 0, (uint64_t)requested_key, (uint64_t)flags, &mr, NULL);
	if (rc)
		return rc < 0 ? rc : -rc;
	fabric_handle_opened();
	return FH_HANDLE(mr);
}

/* The remote key; -1 is FI_KEY_NOTAVAIL. */
static jlong mr_key0(JNIEnv *env, jclass cls, jlong mr)
{
	(void)env;
	(void)cls;
	return (jlong)fi_mr_key(FH_PTR(struct fid_mr *, mr));
}

static jlong mr_desc0(JNIEnv *env, jclass cls, jlong mr)
{
	(void)env;
	(void)cls;
	return FH_HANDLE(fi_mr_desc(FH_PTR(struct fid_mr *, mr)));
}

/* FI_MR_ENDPOINT providers want each region bound to its endpoint, then enabled. */
static jint mr_bind_enable0(JNIEnv *env, jclass cls, jlong mr, jlong ep)
{
	int rc;

	(void)env;
	(void)cls;
	rc = fi_mr_bind(FH_PTR(struct fid_mr *, mr), FH_PTR(struct fid *, ep), 0);
	return rc ? rc : fi_mr_enable(FH_PTR(struct fid_mr *, mr));
}

static const JNINativeMethod methods[] = {
	{ "reg0", "(JJJJJJ)J", (void *)mr_reg0 },
	{ "key0", "(J)J", (void *)mr_key0 },
	{ "desc0", "(J)J", (void *)mr_desc0 },
	{ "bindEnable0", "(JJ)I", (void *)mr_bind_enable0 },
};

int fabric_mr_register(JNIEnv *env)
{
	return fh_register(env, "io/fabrichealth/jni/fabric/MemoryRegion", methods, FH_ARRAY_LEN(methods));
}
