/*
 * io.fabrichealth.jni.fabric.DirectBytes: memcmp over two ranges of direct buffers. JDK 17's
 * vectorized mismatch intrinsic only takes heap arrays, so ByteBuffer.mismatch on off-heap memory
 * runs a scalar 8-byte loop; a burst verifies every payload byte, and this is the compare a C peer
 * does. Java has checked the ranges; fh_direct_range is the last guard.
 */
#include "fabric_jni.h"

#include <rdma/fi_errno.h>
#include <string.h>

/* 1 when the ranges hold the same bytes, 0 when not, -FI_EINVAL when a range is not in a direct buffer. */
static jint same0(JNIEnv *env, jclass cls, jobject a, jint a_at, jobject b, jint b_at, jint length)
{
	const void *pa = fh_direct_range(env, a, a_at, length);
	const void *pb = fh_direct_range(env, b, b_at, length);

	(void)cls;
	if (!pa || !pb)
		return -FI_EINVAL;
	return memcmp(pa, pb, (size_t)length) == 0;
}

static const JNINativeMethod methods[] = {
	{ "same0", "(Ljava/nio/ByteBuffer;ILjava/nio/ByteBuffer;II)I", (void *)same0 },
};

int fabric_bytes_register(JNIEnv *env)
{
	return fh_register(env, "io/fabrichealth/jni/fabric/DirectBytes", methods, FH_ARRAY_LEN(methods));
}
