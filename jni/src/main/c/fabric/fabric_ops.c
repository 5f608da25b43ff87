/*
 * The data path on io.fabrichealth.jni.fabric.Endpoint. Every argument is a number Java already
 * holds (addresses inside registered direct buffers, descriptors, keys, context slots), so a call
 * allocates nothing and copies nothing: the gather list (struct iovec[] and void *desc[]) is laid
 * out once by Java in a direct buffer and passed by address. Returns 0 or a negative status
 * (-FI_EAGAIN when the queue is full: Java drives progress and retries).
 */
#include "fabric_jni.h"

#include <rdma/fi_endpoint.h>
#include <rdma/fi_rma.h>
#include <sys/uio.h>

static jint writemsg0(JNIEnv *env, jclass cls, jlong ep, jlong iov, jlong desc, jint count,
		      jlong dest, jlong remote_addr, jlong remote_len, jlong key, jlong context,
		      jlong flags)
{
	struct fi_rma_iov rma = { (uint64_t)remote_addr, (size_t)remote_len, (uint64_t)key };
	struct fi_msg_rma msg = {
		.msg_iov = FH_PTR(const struct iovec *, iov),
		.desc = FH_PTR(void **, desc),
		.iov_count = (size_t)count,
		.addr = (fi_addr_t)dest,
		.rma_iov = &rma,
		.rma_iov_count = 1,
		.context = FH_PTR(void *, context),
		.data = 0,
	};

	(void)env;
	(void)cls;
	return (jint)fi_writemsg(FH_PTR(struct fid_ep *, ep), &msg, (uint64_t)flags);
}

static jint readmsg0(JNIEnv *env, jclass cls, jlong ep, jlong iov, jlong desc, jint count,
		     jlong src, jlong remote_addr, jlong remote_len, jlong key, jlong context,
		     jlong flags)
{
	struct fi_rma_iov rma = { (uint64_t)remote_addr, (size_t)remote_len, (uint64_t)key };
	struct fi_msg_rma msg = {
		.msg_iov = FH_PTR(const struct iovec *, iov),
		.desc = FH_PTR(void **, desc),
		.iov_count = (size_t)count,
		.addr = (fi_addr_t)src,
		.rma_iov = &rma,
		.rma_iov_count = 1,
		.context = FH_PTR(void *, context),
		.data = 0,
	};

	(void)env;
	(void)cls;
	return (jint)fi_readmsg(FH_PTR(struct fid_ep *, ep), &msg, (uint64_t)flags);
}

static jint write0(JNIEnv *env, jclass cls, jlong ep, jlong buf, jlong len, jlong desc, jlong dest,
		   jlong remote_addr, jlong key, jlong context)
{
	(void)env;
	(void)cls;
	return (jint)fi_write(FH_PTR(struct fid_ep *, ep), FH_PTR(const void *, buf), (size_t)len,
			      FH_PTR(void *, desc), (fi_addr_t)dest, (uint64_t)remote_addr,
			      (uint64_t)key, FH_PTR(void *, context));
}

static jint send0(JNIEnv *env, jclass cls, jlong ep, jlong buf, jlong len, jlong desc, jlong dest,
		  jlong context)
{
	(void)env;
	(void)cls;
	return (jint)fi_send(FH_PTR(struct fid_ep *, ep), FH_PTR(const void *, buf), (size_t)len,
			     FH_PTR(void *, desc), (fi_addr_t)dest, FH_PTR(void *, context));
}

static jint recv0(JNIEnv *env, jclass cls, jlong ep, jlong buf, jlong len, jlong desc, jlong src,
		  jlong context)
{
	(void)env;
	(void)cls;
	return (jint)fi_recv(FH_PTR(struct fid_ep *, ep), FH_PTR(void *, buf), (size_t)len,
			     FH_PTR(void *, desc), (fi_addr_t)src, FH_PTR(void *, context));
}

static jint cancel0(JNIEnv *env, jclass cls, jlong ep, jlong context)
{
	(void)env;
	(void)cls;
	return (jint)fi_cancel(&FH_PTR(struct fid_ep *, ep)->fid, FH_PTR(void *, context));
}

static const JNINativeMethod methods[] = {
	{ "writemsg0", "(JJJIJJJJJJ)I", (void *)writemsg0 },
	{ "readmsg0", "(JJJIJJJJJJ)I", (void *)readmsg0 },
	{ "write0", "(JJJJJJJJ)I", (void *)write0 },
	{ "send0", "(JJJJJJ)I", (void *)send0 },
	{ "recv0", "(JJJJJJ)I", (void *)recv0 },
	{ "cancel0", "(JJ)I", (void *)cancel0 },
};

int fabric_ops_register(JNIEnv *env)
{
	return fh_register(env, "io/fabrichealth/jni/fabric/Endpoint", methods, FH_ARRAY_LEN(methods));
}
