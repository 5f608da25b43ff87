/*
 * RC connections through librdmacm with their own PD, CQ (on a completion channel, so waits sleep) and QP, and
 * the few verbs krping's loop needs: register and deregister memory, allocate type-2 memory windows, post SEND
 * (also with invalidate), RECV, RDMA READ and RDMA WRITE, BIND_MW and LOCAL_INV, poll completions, and read the
 * device's memory-window capabilities. Every call returns a value or -errno; the loop itself is Java's.
 */
#include "fh_common.h"
#include "fhverbs.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <infiniband/verbs.h>
#include <netinet/in.h>
#include <poll.h>
#include <rdma/rdma_cma.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ENTRY_SIZE io_fabrichealth_jni_verbs_VerbsConnection_COMPLETION_SIZE

struct fh_conn {
	struct rdma_event_channel *events;
	struct rdma_cm_id *id;		/* the listening id, or the connected one */
	struct ibv_pd *pd;
	struct ibv_comp_channel *completions;
	struct ibv_cq *cq;
	int has_qp;
	int owns_events;		/* an accepted id shares its listener's event channel */
};

static int neg_errno(int fallback)
{
	return errno ? -errno : fallback;
}

static void fill_sin(struct sockaddr_in *sin, jint ipv4, jint port)
{
	memset(sin, 0, sizeof(*sin));
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = htonl((uint32_t)ipv4);
	sin->sin_port = htons((uint16_t)port);
}

/* Waits up to timeout_ms for the next CM event of the channel; it must be `expected`. 0 or -errno. */
static int await_event(struct rdma_event_channel *ch, enum rdma_cm_event_type expected, int timeout_ms,
		       struct rdma_cm_id **new_id)
{
	struct pollfd p = { .fd = ch->fd, .events = POLLIN };
	struct rdma_cm_event *event;
	int rc;

	rc = poll(&p, 1, timeout_ms);
	if (rc < 0)
		return -errno;
	if (rc == 0)
		return -ETIMEDOUT;
	if (rdma_get_cm_event(ch, &event))
		return neg_errno(-EIO);
	if (event->event != expected) {
		/* REJECTED carries the peer's reason; UNREACHABLE and the rest have none to give. */
		rc = event->event == RDMA_CM_EVENT_REJECTED ? -ECONNREFUSED
		   : event->event == RDMA_CM_EVENT_UNREACHABLE ? -EHOSTUNREACH
		   : event->event == RDMA_CM_EVENT_ADDR_ERROR ? -EADDRNOTAVAIL
		   : event->event == RDMA_CM_EVENT_ROUTE_ERROR ? -ENETUNREACH : -EPROTO;
		rdma_ack_cm_event(event);
		return rc;
	}
	if (new_id)
		*new_id = event->id;
	rdma_ack_cm_event(event);
	return 0;
}

static void destroy(struct fh_conn *c)
{
	if (c->id && c->has_qp)
		rdma_destroy_qp(c->id);
	if (c->cq)
		ibv_destroy_cq(c->cq);
	if (c->completions)
		ibv_destroy_comp_channel(c->completions);
	if (c->pd)
		ibv_dealloc_pd(c->pd);
	if (c->id)
		rdma_destroy_id(c->id);
	if (c->events && c->owns_events)
		rdma_destroy_event_channel(c->events);
	free(c);
}

/* PD, CQ on a completion channel, and an RC QP of `depth` sends and receives on c->id. */
static int create_resources(struct fh_conn *c, int depth)
{
	struct ibv_qp_init_attr attr;
	int flags;

	c->pd = ibv_alloc_pd(c->id->verbs);
	if (!c->pd)
		return neg_errno(-ENOMEM);
	c->completions = ibv_create_comp_channel(c->id->verbs);
	if (!c->completions)
		return neg_errno(-ENOMEM);
	flags = fcntl(c->completions->fd, F_GETFL);
	if (flags < 0 || fcntl(c->completions->fd, F_SETFL, flags | O_NONBLOCK))
		return -errno;
	c->cq = ibv_create_cq(c->id->verbs, 2 * depth + 2, NULL, c->completions, 0);
	if (!c->cq)
		return neg_errno(-ENOMEM);
	memset(&attr, 0, sizeof(attr));
	attr.send_cq = c->cq;
	attr.recv_cq = c->cq;
	attr.qp_type = IBV_QPT_RC;
	attr.cap.max_send_wr = depth;
	attr.cap.max_recv_wr = depth;
	attr.cap.max_send_sge = 1;
	attr.cap.max_recv_sge = 1;
	if (rdma_create_qp(c->id, c->pd, &attr))
		return neg_errno(-ENOMEM);
	c->has_qp = 1;
	return 0;
}

/* krping reads and writes the peer's memory: one RDMA READ outstanding each way is enough. */
static void conn_param(struct rdma_conn_param *p)
{
	memset(p, 0, sizeof(*p));
	p->initiator_depth = 1;
	p->responder_resources = 1;
	p->retry_count = 7;
	p->rnr_retry_count = 7;
}

static jlong listen0(JNIEnv *env, jclass cls, jint ipv4, jint port)
{
	struct fh_conn *c = calloc(1, sizeof(*c));
	struct sockaddr_in sin;
	int rc;

	(void)env;
	(void)cls;
	if (!c)
		return -ENOMEM;
	c->owns_events = 1;
	errno = 0;
	c->events = rdma_create_event_channel();
	if (!c->events) {
		rc = neg_errno(-ENODEV);
		goto fail;
	}
	if (rdma_create_id(c->events, &c->id, NULL, RDMA_PS_TCP)) {
		rc = neg_errno(-ENODEV);
		goto fail;
	}
	fill_sin(&sin, ipv4, port);
	if (rdma_bind_addr(c->id, (struct sockaddr *)&sin) || rdma_listen(c->id, 4)) {
		rc = neg_errno(-EADDRNOTAVAIL);
		goto fail;
	}
	return (jlong)(intptr_t)c;
fail:
	destroy(c);
	return rc;
}

static jint port0(JNIEnv *env, jclass cls, jlong handle)
{
	struct fh_conn *c = (struct fh_conn *)(intptr_t)handle;

	(void)env;
	(void)cls;
	return ntohs(rdma_get_src_port(c->id));
}

static jlong accept0(JNIEnv *env, jclass cls, jlong listener, jint timeoutMs, jint depth)
{
	struct fh_conn *l = (struct fh_conn *)(intptr_t)listener;
	struct fh_conn *c = calloc(1, sizeof(*c));
	struct rdma_conn_param param;
	int rc;

	(void)env;
	(void)cls;
	if (!c)
		return -ENOMEM;
	c->events = l->events;
	rc = await_event(l->events, RDMA_CM_EVENT_CONNECT_REQUEST, timeoutMs, &c->id);
	if (rc)
		goto fail;
	rc = create_resources(c, depth);
	if (rc) {
		rdma_reject(c->id, NULL, 0);
		goto fail;
	}
	conn_param(&param);
	if (rdma_accept(c->id, &param)) {
		rc = neg_errno(-EIO);
		goto fail;
	}
	rc = await_event(l->events, RDMA_CM_EVENT_ESTABLISHED, timeoutMs, NULL);
	if (rc)
		goto fail;
	return (jlong)(intptr_t)c;
fail:
	destroy(c);
	return rc;
}

static jlong connect0(JNIEnv *env, jclass cls, jint ipv4, jint port, jint localIpv4, jint timeoutMs, jint depth)
{
	struct fh_conn *c = calloc(1, sizeof(*c));
	struct sockaddr_in dst, src;
	struct rdma_conn_param param;
	int rc;

	(void)env;
	(void)cls;
	if (!c)
		return -ENOMEM;
	c->owns_events = 1;
	errno = 0;
	c->events = rdma_create_event_channel();
	if (!c->events) {
		rc = neg_errno(-ENODEV);
		goto fail;
	}
	if (rdma_create_id(c->events, &c->id, NULL, RDMA_PS_TCP)) {
		rc = neg_errno(-ENODEV);
		goto fail;
	}
	fill_sin(&dst, ipv4, port);
	fill_sin(&src, localIpv4, 0);
	if (rdma_resolve_addr(c->id, localIpv4 ? (struct sockaddr *)&src : NULL, (struct sockaddr *)&dst, timeoutMs)) {
		rc = neg_errno(-EADDRNOTAVAIL);
		goto fail;
	}
	rc = await_event(c->events, RDMA_CM_EVENT_ADDR_RESOLVED, timeoutMs + 100, NULL);
	if (rc)
		goto fail;
	if (rdma_resolve_route(c->id, timeoutMs)) {
		rc = neg_errno(-ENETUNREACH);
		goto fail;
	}
	rc = await_event(c->events, RDMA_CM_EVENT_ROUTE_RESOLVED, timeoutMs + 100, NULL);
	if (rc)
		goto fail;
	rc = create_resources(c, depth);
	if (rc)
		goto fail;
	conn_param(&param);
	if (rdma_connect(c->id, &param)) {
		rc = neg_errno(-EIO);
		goto fail;
	}
	rc = await_event(c->events, RDMA_CM_EVENT_ESTABLISHED, timeoutMs, NULL);
	if (rc)
		goto fail;
	return (jlong)(intptr_t)c;
fail:
	destroy(c);
	return rc;
}

/* ibv_reg_mr over buffer[offset, +length); out = {address, lkey, rkey}. Returns the mr or -errno. */
static jlong reg0(JNIEnv *env, jclass cls, jlong handle, jobject buffer, jint offset, jint length, jint access,
		  jlongArray out)
{
	struct fh_conn *c = (struct fh_conn *)(intptr_t)handle;
	void *addr = fh_direct_range(env, buffer, offset, length);
	struct ibv_mr *mr;
	jlong values[3];

	(void)cls;
	if (!addr)
		return -EINVAL;
	errno = 0;
	mr = ibv_reg_mr(c->pd, addr, (size_t)length, access);
	if (!mr)
		return neg_errno(-ENOMEM);
	values[0] = (jlong)(intptr_t)addr;
	values[1] = mr->lkey;
	values[2] = mr->rkey;
	(*env)->SetLongArrayRegion(env, out, 0, 3, values);
	return (jlong)(intptr_t)mr;
}

static jint dereg0(JNIEnv *env, jclass cls, jlong mr)
{
	int rc;

	(void)env;
	(void)cls;
	rc = ibv_dereg_mr((struct ibv_mr *)(intptr_t)mr);
	return rc > 0 ? -rc : rc;
}

static jint post_wr(struct fh_conn *c, struct ibv_send_wr *wr)
{
	struct ibv_send_wr *bad;
	int rc;

	wr->send_flags |= IBV_SEND_SIGNALED;
	rc = ibv_post_send(c->id->qp, wr, &bad);
	return rc > 0 ? -rc : rc;
}

static jint post_send(struct fh_conn *c, enum ibv_wr_opcode op, jlong addr, jint length, jint lkey,
		      jlong remote, jint rkey, jlong wrId)
{
	struct ibv_sge sge = { .addr = (uint64_t)addr, .length = (uint32_t)length, .lkey = (uint32_t)lkey };
	struct ibv_send_wr wr;

	memset(&wr, 0, sizeof(wr));
	wr.wr_id = (uint64_t)wrId;
	wr.sg_list = &sge;
	wr.num_sge = 1;
	wr.opcode = op;
	if (op == IBV_WR_SEND_WITH_INV) {
		wr.invalidate_rkey = (uint32_t)rkey;
	} else {
		wr.wr.rdma.remote_addr = (uint64_t)remote;
		wr.wr.rdma.rkey = (uint32_t)rkey;
	}
	return post_wr(c, &wr);
}

static jint postSend0(JNIEnv *env, jclass cls, jlong handle, jlong addr, jint length, jint lkey, jlong wrId)
{
	(void)env;
	(void)cls;
	return post_send((struct fh_conn *)(intptr_t)handle, IBV_WR_SEND, addr, length, lkey, 0, 0, wrId);
}

/* SEND that also invalidates the peer's rkey (krping's server_inv go-ahead). */
static jint postSendInv0(JNIEnv *env, jclass cls, jlong handle, jlong addr, jint length, jint lkey, jint rkey,
			 jlong wrId)
{
	(void)env;
	(void)cls;
	return post_send((struct fh_conn *)(intptr_t)handle, IBV_WR_SEND_WITH_INV, addr, length, lkey, 0, rkey, wrId);
}

/* A type-2 memory window on the connection's PD; returns the ibv_mw or -errno. */
static jlong allocMw0(JNIEnv *env, jclass cls, jlong handle)
{
	struct fh_conn *c = (struct fh_conn *)(intptr_t)handle;
	struct ibv_mw *mw;

	(void)env;
	(void)cls;
	errno = 0;
	mw = ibv_alloc_mw(c->pd, IBV_MW_TYPE_2);
	if (!mw)
		return neg_errno(-EOPNOTSUPP);
	return (jlong)(intptr_t)mw;
}

static jint deallocMw0(JNIEnv *env, jclass cls, jlong mw)
{
	int rc;

	(void)env;
	(void)cls;
	rc = ibv_dealloc_mw((struct ibv_mw *)(intptr_t)mw);
	return rc > 0 ? -rc : rc;
}

/*
 * Posts IBV_WR_BIND_MW of the window over mr[addr, +length) for `access` with the next rkey (ibv_inc_rkey: the
 * same window index, the next key byte). A type-2 bind names the window by its current rkey, so ibv_mw.rkey
 * follows the new one once posted. Returns the new rkey (0..2^32-1) or -errno.
 */
static jlong bindMw0(JNIEnv *env, jclass cls, jlong handle, jlong mwHandle, jlong mrHandle, jlong addr,
		     jint length, jint access, jlong wrId)
{
	struct ibv_mw *mw = (struct ibv_mw *)(intptr_t)mwHandle;
	struct ibv_send_wr wr;
	uint32_t rkey = ibv_inc_rkey(mw->rkey);
	jint rc;

	(void)env;
	(void)cls;
	memset(&wr, 0, sizeof(wr));
	wr.wr_id = (uint64_t)wrId;
	wr.opcode = IBV_WR_BIND_MW;
	wr.bind_mw.mw = mw;
	wr.bind_mw.rkey = rkey;
	wr.bind_mw.bind_info.mr = (struct ibv_mr *)(intptr_t)mrHandle;
	wr.bind_mw.bind_info.addr = (uint64_t)addr;
	wr.bind_mw.bind_info.length = (uint64_t)length;
	wr.bind_mw.bind_info.mw_access_flags = (unsigned int)access;
	rc = post_wr((struct fh_conn *)(intptr_t)handle, &wr);
	if (rc)
		return rc;
	mw->rkey = rkey;
	return (jlong)rkey;
}

/* IBV_WR_LOCAL_INV of `rkey` (krping's client-side invalidation). */
static jint postLocalInv0(JNIEnv *env, jclass cls, jlong handle, jint rkey, jlong wrId)
{
	struct ibv_send_wr wr;

	(void)env;
	(void)cls;
	memset(&wr, 0, sizeof(wr));
	wr.wr_id = (uint64_t)wrId;
	wr.opcode = IBV_WR_LOCAL_INV;
	wr.invalidate_rkey = (uint32_t)rkey;
	return post_wr((struct fh_conn *)(intptr_t)handle, &wr);
}

/*
 * The memory-window capabilities of the RDMA device that owns local address ipv4 (rdma_bind_addr on a
 * throw-away id picks it, as rdma_connect from that address would): out = {max_mw, device_cap_flags}. Returns
 * the device's name, or NULL with out[0] = -errno.
 */
static jstring deviceAt0(JNIEnv *env, jclass cls, jint ipv4, jintArray out)
{
	struct rdma_event_channel *ch;
	struct rdma_cm_id *id = NULL;
	struct ibv_device_attr attr;
	struct sockaddr_in sin;
	jint values[2] = { 0, 0 };
	jstring name = NULL;
	int rc = 0;

	(void)cls;
	errno = 0;
	ch = rdma_create_event_channel();
	if (!ch) {
		values[0] = neg_errno(-ENODEV);
		goto done;
	}
	if (rdma_create_id(ch, &id, NULL, RDMA_PS_TCP)) {
		values[0] = neg_errno(-ENODEV);
		goto done;
	}
	fill_sin(&sin, ipv4, 0);
	if (rdma_bind_addr(id, (struct sockaddr *)&sin)) {
		values[0] = neg_errno(-EADDRNOTAVAIL);
		goto done;
	}
	if (!id->verbs) {
		values[0] = -ENODEV;
		goto done;
	}
	rc = ibv_query_device(id->verbs, &attr);
	if (rc) {
		values[0] = rc > 0 ? -rc : rc;
		goto done;
	}
	values[0] = attr.max_mw;
	values[1] = (jint)attr.device_cap_flags;
	name = (*env)->NewStringUTF(env, ibv_get_device_name(id->verbs->device));
done:
	if (id)
		rdma_destroy_id(id);
	if (ch)
		rdma_destroy_event_channel(ch);
	if (!(*env)->ExceptionCheck(env))
		(*env)->SetIntArrayRegion(env, out, 0, 2, values);
	return name;
}

static jint postRdma0(JNIEnv *env, jclass cls, jlong handle, jboolean write, jlong addr, jint length, jint lkey,
		      jlong remote, jint rkey, jlong wrId)
{
	(void)env;
	(void)cls;
	return post_send((struct fh_conn *)(intptr_t)handle, write ? IBV_WR_RDMA_WRITE : IBV_WR_RDMA_READ, addr,
			 length, lkey, remote, rkey, wrId);
}

static jint postRecv0(JNIEnv *env, jclass cls, jlong handle, jlong addr, jint length, jint lkey, jlong wrId)
{
	struct fh_conn *c = (struct fh_conn *)(intptr_t)handle;
	struct ibv_sge sge = { .addr = (uint64_t)addr, .length = (uint32_t)length, .lkey = (uint32_t)lkey };
	struct ibv_recv_wr wr, *bad;
	int rc;

	(void)env;
	(void)cls;
	memset(&wr, 0, sizeof(wr));
	wr.wr_id = (uint64_t)wrId;
	wr.sg_list = &sge;
	wr.num_sge = 1;
	rc = ibv_post_recv(c->id->qp, &wr, &bad);
	return rc > 0 ? -rc : rc;
}

static int drain(struct fh_conn *c, char *out, int max)
{
	struct ibv_wc wc[16];
	int n, i, total = 0;

	while (total < max) {
		n = ibv_poll_cq(c->cq, max - total < 16 ? max - total : 16, wc);
		if (n < 0)
			return -EIO;
		for (i = 0; i < n; i++, total++) {
			char *e = out + (size_t)total * ENTRY_SIZE;
			uint64_t id = wc[i].wr_id;
			int32_t status = wc[i].status, opcode = wc[i].opcode, len = (int32_t)wc[i].byte_len;

			memcpy(e, &id, 8);
			memcpy(e + 8, &status, 4);
			memcpy(e + 12, &opcode, 4);
			int32_t flags = (int32_t)wc[i].wc_flags;
			/* The union as the provider filled it (imm_data or invalidated_rkey): Java reads it by the flags. */
			uint32_t inv = wc[i].invalidated_rkey;

			memcpy(e + 16, &len, 4);
			memcpy(e + 20, &flags, 4);
			memcpy(e + 24, &inv, 4);
			memset(e + 28, 0, 4);
		}
		if (n < 16)
			break;
	}
	return total;
}

/*
 * Up to max completions into entries (COMPLETION_SIZE bytes each: wr_id, status, opcode, byte_len, wc_flags,
 * the invalidated rkey (or immediate data), pad). When none
 * is ready, arms the CQ and sleeps on the completion channel for up to timeoutMs. Returns the count or -errno.
 */
static jint poll0(JNIEnv *env, jclass cls, jlong handle, jobject entries, jint max, jint timeoutMs)
{
	struct fh_conn *c = (struct fh_conn *)(intptr_t)handle;
	char *out = fh_direct_range(env, entries, 0, max * ENTRY_SIZE);
	struct pollfd p;
	struct ibv_cq *ev_cq;
	void *ev_ctx;
	int n, rc;

	(void)cls;
	if (!out || max < 1)
		return -EINVAL;
	n = drain(c, out, max);
	if (n != 0 || timeoutMs <= 0)
		return n;
	if (ibv_req_notify_cq(c->cq, 0))
		return -EIO;
	n = drain(c, out, max); /* a completion may have come before the CQ was armed */
	if (n != 0)
		return n;
	p.fd = c->completions->fd;
	p.events = POLLIN;
	rc = poll(&p, 1, timeoutMs);
	if (rc < 0)
		return errno == EINTR ? 0 : -errno;
	if (rc > 0 && ibv_get_cq_event(c->completions, &ev_cq, &ev_ctx) == 0)
		ibv_ack_cq_events(ev_cq, 1);
	return drain(c, out, max);
}

static jint close0(JNIEnv *env, jclass cls, jlong handle)
{
	struct fh_conn *c = (struct fh_conn *)(intptr_t)handle;

	(void)env;
	(void)cls;
	if (c->has_qp)
		rdma_disconnect(c->id);
	destroy(c);
	return 0;
}

static const JNINativeMethod methods[] = {
	{ "listen0", "(II)J", (void *)listen0 },
	{ "port0", "(J)I", (void *)port0 },
	{ "accept0", "(JII)J", (void *)accept0 },
	{ "connect0", "(IIIII)J", (void *)connect0 },
	{ "reg0", "(JLjava/nio/ByteBuffer;III[J)J", (void *)reg0 },
	{ "postSend0", "(JJIIJ)I", (void *)postSend0 },
	{ "postSendInv0", "(JJIIIJ)I", (void *)postSendInv0 },
	{ "allocMw0", "(J)J", (void *)allocMw0 },
	{ "bindMw0", "(JJJJIIJ)J", (void *)bindMw0 },
	{ "postLocalInv0", "(JIJ)I", (void *)postLocalInv0 },
	{ "deviceAt0", "(I[I)Ljava/lang/String;", (void *)deviceAt0 },
	{ "postRdma0", "(JZJIIJIJ)I", (void *)postRdma0 },
	{ "postRecv0", "(JJIIJ)I", (void *)postRecv0 },
	{ "poll0", "(JLjava/nio/ByteBuffer;II)I", (void *)poll0 },
	{ "close0", "(J)I", (void *)close0 },
};

static const JNINativeMethod memory_methods[] = {
	{ "dereg0", "(J)I", (void *)dereg0 },
};

static const JNINativeMethod window_methods[] = {
	{ "dealloc0", "(J)I", (void *)deallocMw0 },
};

int fh_verbs_conn_register(JNIEnv *env)
{
	return fh_register(env, "io/fabrichealth/jni/verbs/VerbsConnection", methods, FH_ARRAY_LEN(methods)) ||
	       fh_register(env, "io/fabrichealth/jni/verbs/VerbsMemory", memory_methods,
			   FH_ARRAY_LEN(memory_methods)) ||
	       fh_register(env, "io/fabrichealth/jni/verbs/VerbsWindow", window_methods,
			   FH_ARRAY_LEN(window_methods));
}
