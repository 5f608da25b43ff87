/*
 * Opening, binding and closing libfabric objects: fabric, domain, event queue, completion queue,
 * address vector, passive and active endpoints. Java classes of the same names own the handles.
 */
#include "fabric_jni.h"

#include <rdma/fi_cm.h>
#include <rdma/fi_domain.h>
#include <rdma/fi_endpoint.h>
#include <rdma/fi_eq.h>
#include <rdma/fi_errno.h>
#include <string.h>

#include "fabric_lib.h"

#define OPENED(rc, obj) ((rc) ? ((rc) < 0 ? (jlong)(rc) : -(jlong)(rc)) : (fabric_handle_opened(), FH_HANDLE(obj)))

/* ---- Fid: close for every fid-based handle ---- */

static jint fid_close0(JNIEnv *env, jclass cls, jlong fid)
{
	(void)env;
	(void)cls;
	return fabric_close_fid(FH_PTR(struct fid *, fid));
}

static jlong handles0(JNIEnv *env, jclass cls)
{
	(void)env;
	(void)cls;
	return fabric_handles_open();
}

/* Address of a direct buffer's first byte: Java keeps the buffer and passes addresses per op. */
static jlong address0(JNIEnv *env, jclass cls, jobject buffer)
{
	(void)cls;
	return FH_HANDLE((*env)->GetDirectBufferAddress(env, buffer));
}

static jstring environment0(JNIEnv *env, jclass cls)
{
	(void)cls;
	return (*env)->NewStringUTF(env, fabric_lib_environment());
}

/* ---- fabric, domain ---- */

static jlong fabric_open0(JNIEnv *env, jclass cls, jlong info)
{
	struct fid_fabric *fab = NULL;
	int rc;

	(void)env;
	(void)cls;
	rc = fabric.fabric(FH_PTR(struct fi_info *, info)->fabric_attr, &fab, NULL);
	return OPENED(rc, fab);
}

static jint trywait0(JNIEnv *env, jclass cls, jlong fab, jlong cq)
{
	struct fid *fids[1] = { FH_PTR(struct fid *, cq) };

	(void)env;
	(void)cls;
	return fi_trywait(FH_PTR(struct fid_fabric *, fab), fids, 1);
}

static jlong domain_open0(JNIEnv *env, jclass cls, jlong fab, jlong info)
{
	struct fid_domain *domain = NULL;
	int rc;

	(void)env;
	(void)cls;
	rc = fi_domain(FH_PTR(struct fid_fabric *, fab), FH_PTR(struct fi_info *, info), &domain, NULL);
	return OPENED(rc, domain);
}

/* ---- event queue ---- */

static jlong eq_open0(JNIEnv *env, jclass cls, jlong fab)
{
	struct fi_eq_attr attr;
	struct fid_eq *eq = NULL;
	int rc;

	(void)env;
	(void)cls;
	memset(&attr, 0, sizeof(attr));
	attr.size = 16;
	attr.wait_obj = FI_WAIT_UNSPEC;
	rc = fi_eq_open(FH_PTR(struct fid_fabric *, fab), &attr, &eq, NULL);
	return OPENED(rc, eq);
}

/*
 * fi_eq_sread into Java's event block (EventQueue.OFF_*): the event number, or -FI_EAGAIN on
 * timeout, or EventQueue.ERROR_EVENT with the error entry's fid/err/prov_errno written instead.
 * A FI_CONNREQ's fi_info becomes Java's (a counted handle) through OFF_INFO.
 */
static jint eq_sread0(JNIEnv *env, jclass cls, jlong handle, jlong block, jint timeout_ms)
{
	struct fid_eq *eq = FH_PTR(struct fid_eq *, handle);
	char *out = FH_PTR(char *, block);
	struct fi_eq_cm_entry entry;
	struct fi_eq_err_entry err;
	uint32_t event = 0;
	ssize_t rc;

	(void)env;
	(void)cls;
	memset(&entry, 0, sizeof(entry));
	rc = fi_eq_sread(eq, &event, &entry, sizeof(entry), timeout_ms, 0);
	if (rc == -FI_EAVAIL) {
		memset(&err, 0, sizeof(err));
		rc = fi_eq_readerr(eq, &err, 0);
		if (rc < 0)
			return (jint)rc;
		*(int64_t *)(out + 0) = FH_HANDLE(err.fid);
		*(int64_t *)(out + 8) = 0;
		*(int32_t *)(out + 16) = err.err;
		*(int32_t *)(out + 20) = err.prov_errno;
		return -FI_EAVAIL;
	}
	if (rc < 0)
		return (jint)rc;
	*(int64_t *)(out + 0) = FH_HANDLE(entry.fid);
	*(int64_t *)(out + 8) = FH_HANDLE(entry.info);
	*(int32_t *)(out + 16) = 0;
	*(int32_t *)(out + 20) = 0;
	if (event == FI_CONNREQ && entry.info)
		fabric_handle_opened();
	return (jint)event;
}

/* ---- completion queue ---- */

static jlong cq_open0(JNIEnv *env, jclass cls, jlong domain, jint size, jint wait_obj)
{
	struct fi_cq_attr attr;
	struct fid_cq *cq = NULL;
	int rc;

	(void)env;
	(void)cls;
	memset(&attr, 0, sizeof(attr));
	attr.size = (size_t)size;
	attr.format = FI_CQ_FORMAT_MSG;
	attr.wait_obj = (enum fi_wait_obj)wait_obj;
	rc = fi_cq_open(FH_PTR(struct fid_domain *, domain), &attr, &cq, NULL);
	return OPENED(rc, cq);
}

/* Up to count fi_cq_msg_entry at entries; 0 when none (-FI_EAGAIN), -FI_EAVAIL for an error. */
static jint cq_read0(JNIEnv *env, jclass cls, jlong cq, jlong entries, jint count)
{
	ssize_t rc;

	(void)env;
	(void)cls;
	rc = fi_cq_read(FH_PTR(struct fid_cq *, cq), FH_PTR(void *, entries), (size_t)count);
	return rc == -FI_EAGAIN ? 0 : (jint)rc;
}

/* One error entry as CompletionQueue.ERR_*: context, flags, len, err, prov_errno. */
static jint cq_readerr0(JNIEnv *env, jclass cls, jlong cq, jlong block)
{
	struct fi_cq_err_entry err;
	char *out = FH_PTR(char *, block);
	ssize_t rc;

	(void)env;
	(void)cls;
	memset(&err, 0, sizeof(err));
	rc = fi_cq_readerr(FH_PTR(struct fid_cq *, cq), &err, 0);
	if (rc == -FI_EAGAIN)
		return 0;
	if (rc < 0)
		return (jint)rc;
	*(int64_t *)(out + 0) = FH_HANDLE(err.op_context);
	*(int64_t *)(out + 8) = (int64_t)err.flags;
	*(int64_t *)(out + 16) = (int64_t)err.len;
	*(int32_t *)(out + 24) = err.err;
	*(int32_t *)(out + 28) = err.prov_errno;
	return 1;
}

static jstring cq_strerror0(JNIEnv *env, jclass cls, jlong cq, jint prov_errno)
{
	const char *text;

	(void)cls;
	text = fi_cq_strerror(FH_PTR(struct fid_cq *, cq), prov_errno, NULL, NULL, 0);
	return (*env)->NewStringUTF(env, text ? text : "");
}

/* The CQ's wait fd (FI_GETWAIT), or a negative status (-FI_ENOSYS without a wait object). */
static jint cq_wait_fd0(JNIEnv *env, jclass cls, jlong cq)
{
	int fd = -1, rc;

	(void)env;
	(void)cls;
	rc = fi_control(&FH_PTR(struct fid_cq *, cq)->fid, FI_GETWAIT, &fd);
	return rc ? rc : fd;
}

/* ---- address vector ---- */

static jlong av_open0(JNIEnv *env, jclass cls, jlong domain, jint count)
{
	struct fi_av_attr attr;
	struct fid_av *av = NULL;
	int rc;

	(void)env;
	(void)cls;
	memset(&attr, 0, sizeof(attr));
	attr.type = FI_AV_UNSPEC;
	attr.count = (size_t)count;
	rc = fi_av_open(FH_PTR(struct fid_domain *, domain), &attr, &av, NULL);
	return OPENED(rc, av);
}

/* fi_addr_t of one raw address, or a negative status. */
static jlong av_insert0(JNIEnv *env, jclass cls, jlong av, jbyteArray address)
{
	fi_addr_t addr = FI_ADDR_NOTAVAIL;
	jbyte *bytes = (*env)->GetByteArrayElements(env, address, NULL);
	int rc;

	(void)cls;
	if (!bytes)
		return -FI_ENOMEM;
	rc = fi_av_insert(FH_PTR(struct fid_av *, av), bytes, 1, &addr, 0, NULL);
	(*env)->ReleaseByteArrayElements(env, address, bytes, JNI_ABORT);
	if (rc != 1)
		return rc < 0 ? rc : -FI_EINVAL;
	return (jlong)addr;
}

/* ---- endpoints ---- */

static jlong pep_open0(JNIEnv *env, jclass cls, jlong fab, jlong info)
{
	struct fid_pep *pep = NULL;
	int rc;

	(void)env;
	(void)cls;
	rc = fi_passive_ep(FH_PTR(struct fid_fabric *, fab), FH_PTR(struct fi_info *, info), &pep, NULL);
	return OPENED(rc, pep);
}

static jint pep_bind0(JNIEnv *env, jclass cls, jlong pep, jlong eq)
{
	(void)env;
	(void)cls;
	return fi_pep_bind(FH_PTR(struct fid_pep *, pep), FH_PTR(struct fid *, eq), 0);
}

static jint pep_listen0(JNIEnv *env, jclass cls, jlong pep)
{
	(void)env;
	(void)cls;
	return fi_listen(FH_PTR(struct fid_pep *, pep));
}

static jint pep_reject0(JNIEnv *env, jclass cls, jlong pep, jlong info)
{
	(void)env;
	(void)cls;
	return fi_reject(FH_PTR(struct fid_pep *, pep), FH_PTR(struct fi_info *, info)->handle, NULL, 0);
}

/* fi_getname of any endpoint fid: raw address bytes, or null with the status in status[0]. */
static jbyteArray getname0(JNIEnv *env, jclass cls, jlong fid, jintArray status)
{
	char addr[256];
	size_t len = sizeof(addr);
	jint rc = fi_getname(FH_PTR(struct fid *, fid), addr, &len);
	jbyteArray bytes;

	(void)cls;
	(*env)->SetIntArrayRegion(env, status, 0, 1, &rc);
	if (rc)
		return NULL;
	bytes = (*env)->NewByteArray(env, (jsize)len);
	if (bytes)
		(*env)->SetByteArrayRegion(env, bytes, 0, (jsize)len, (const jbyte *)addr);
	return bytes;
}

static jlong ep_open0(JNIEnv *env, jclass cls, jlong domain, jlong info)
{
	struct fid_ep *ep = NULL;
	int rc;

	(void)env;
	(void)cls;
	rc = fi_endpoint(FH_PTR(struct fid_domain *, domain), FH_PTR(struct fi_info *, info), &ep, NULL);
	return OPENED(rc, ep);
}

/* Every fid_* struct starts with its struct fid, so any handle binds as a fid. */
static jint ep_bind0(JNIEnv *env, jclass cls, jlong ep, jlong fid, jlong flags)
{
	(void)env;
	(void)cls;
	return fi_ep_bind(FH_PTR(struct fid_ep *, ep), FH_PTR(struct fid *, fid), (uint64_t)flags);
}

static jint ep_enable0(JNIEnv *env, jclass cls, jlong ep)
{
	(void)env;
	(void)cls;
	return fi_enable(FH_PTR(struct fid_ep *, ep));
}

static jint ep_connect0(JNIEnv *env, jclass cls, jlong ep, jlong info)
{
	(void)env;
	(void)cls;
	return fi_connect(FH_PTR(struct fid_ep *, ep), FH_PTR(struct fi_info *, info)->dest_addr, NULL, 0);
}

static jint ep_accept0(JNIEnv *env, jclass cls, jlong ep)
{
	(void)env;
	(void)cls;
	return fi_accept(FH_PTR(struct fid_ep *, ep), NULL, 0);
}

static jint ep_shutdown0(JNIEnv *env, jclass cls, jlong ep)
{
	(void)env;
	(void)cls;
	return fi_shutdown(FH_PTR(struct fid_ep *, ep), 0);
}

static const JNINativeMethod fid_methods[] = {
	{ "close0", "(J)I", (void *)fid_close0 },
	{ "handles0", "()J", (void *)handles0 },
	{ "address0", "(Ljava/nio/ByteBuffer;)J", (void *)address0 },
	{ "environment0", "()Ljava/lang/String;", (void *)environment0 },
	{ "getname0", "(J[I)[B", (void *)getname0 },
};
static const JNINativeMethod fabric_methods[] = {
	{ "open0", "(J)J", (void *)fabric_open0 },
	{ "trywait0", "(JJ)I", (void *)trywait0 },
};
static const JNINativeMethod domain_methods[] = {
	{ "open0", "(JJ)J", (void *)domain_open0 },
};
static const JNINativeMethod eq_methods[] = {
	{ "open0", "(J)J", (void *)eq_open0 },
	{ "sread0", "(JJI)I", (void *)eq_sread0 },
};
static const JNINativeMethod cq_methods[] = {
	{ "open0", "(JII)J", (void *)cq_open0 },
	{ "read0", "(JJI)I", (void *)cq_read0 },
	{ "readerr0", "(JJ)I", (void *)cq_readerr0 },
	{ "strerror0", "(JI)Ljava/lang/String;", (void *)cq_strerror0 },
	{ "waitFd0", "(J)I", (void *)cq_wait_fd0 },
};
static const JNINativeMethod av_methods[] = {
	{ "open0", "(JI)J", (void *)av_open0 },
	{ "insert0", "(J[B)J", (void *)av_insert0 },
};
static const JNINativeMethod pep_methods[] = {
	{ "open0", "(JJ)J", (void *)pep_open0 },
	{ "bind0", "(JJ)I", (void *)pep_bind0 },
	{ "listen0", "(J)I", (void *)pep_listen0 },
	{ "reject0", "(JJ)I", (void *)pep_reject0 },
};
static const JNINativeMethod ep_methods[] = {
	{ "open0", "(JJ)J", (void *)ep_open0 },
	{ "bind0", "(JJJ)I", (void *)ep_bind0 },
	{ "enable0", "(J)I", (void *)ep_enable0 },
	{ "connect0", "(JJ)I", (void *)ep_connect0 },
	{ "accept0", "(J)I", (void *)ep_accept0 },
	{ "shutdown0", "(J)I", (void *)ep_shutdown0 },
};

#define REGISTER(cls, table) fh_register(env, "io/fabrichealth/jni/fabric/" cls, table, FH_ARRAY_LEN(table))

int fabric_objects_register(JNIEnv *env)
{
	return REGISTER("Fid", fid_methods) || REGISTER("FabricInstance", fabric_methods) ||
	       REGISTER("FabricDomain", domain_methods) || REGISTER("EventQueue", eq_methods) ||
	       REGISTER("CompletionQueue", cq_methods) || REGISTER("AddressVector", av_methods) ||
	       REGISTER("PassiveEndpoint", pep_methods) || REGISTER("Endpoint", ep_methods) ? JNI_ERR : 0;
}
