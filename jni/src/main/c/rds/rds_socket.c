/*
 * AF_RDS sockets for the ping-pong: socket, bind, buffer sizes, sendmsg/recvmsg on direct buffers, poll,
 * SO_RDS_TRANSPORT, RDS_INFO_CONNECTIONS and RDS_INFO_COUNTERS, and RDS RDMA (RDS_GET_MR, RDS_CMSG_RDMA_ARGS). Every call returns a result or -errno; Java decides.
 */
#include "fh_common.h"
#include "fhrds.h"

#include <arpa/inet.h>
#include <errno.h>
#include <linux/rds.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef AF_RDS
#define AF_RDS 21
#endif

static jint open0(JNIEnv *env, jclass cls)
{
	int fd;

	(void)env;
	(void)cls;
	fd = socket(AF_RDS, SOCK_SEQPACKET | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	return fd < 0 ? -errno : fd;
}

static void fill_sin(struct sockaddr_in *sin, jint ipv4, jint port)
{
	memset(sin, 0, sizeof(*sin));
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = htonl((uint32_t)ipv4);
	sin->sin_port = htons((uint16_t)port);
}

static jint bind0(JNIEnv *env, jclass cls, jint fd, jint ipv4, jint port)
{
	struct sockaddr_in sin;

	(void)env;
	(void)cls;
	fill_sin(&sin, ipv4, port);
	return bind(fd, (struct sockaddr *)&sin, sizeof(sin)) ? -errno : 0;
}

static jint localPort0(JNIEnv *env, jclass cls, jint fd)
{
	struct sockaddr_in sin;
	socklen_t len = sizeof(sin);

	(void)env;
	(void)cls;
	if (getsockname(fd, (struct sockaddr *)&sin, &len))
		return -errno;
	return ntohs(sin.sin_port);
}

static jint setBuffers0(JNIEnv *env, jclass cls, jint fd, jint sndbuf, jint rcvbuf)
{
	(void)env;
	(void)cls;
	if (setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &sndbuf, sizeof(sndbuf)) ||
	    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof(rcvbuf)))
		return -errno;
	return 0;
}

/* SO_SNDBUF (which 0) or SO_RCVBUF (1) as the kernel keeps it (doubled, as socket(7) says). */
static jint getBuffer0(JNIEnv *env, jclass cls, jint fd, jint which)
{
	int value = 0;
	socklen_t len = sizeof(value);

	(void)env;
	(void)cls;
	if (getsockopt(fd, SOL_SOCKET, which ? SO_RCVBUF : SO_SNDBUF, &value, &len))
		return -errno;
	return value;
}

static jint transport0(JNIEnv *env, jclass cls, jint fd)
{
	int value = 0;
	socklen_t len = sizeof(value);

	(void)env;
	(void)cls;
	if (getsockopt(fd, SOL_RDS, SO_RDS_TRANSPORT, &value, &len))
		return -errno;
	return value == (int)RDS_TRANS_NONE ? io_fabrichealth_jni_rds_RdsSocket_TRANSPORT_NONE : value;
}

static jint setTransport0(JNIEnv *env, jclass cls, jint fd, jint transport)
{
	int value = transport;

	(void)env;
	(void)cls;
	return setsockopt(fd, SOL_RDS, SO_RDS_TRANSPORT, &value, sizeof(value)) ? -errno : 0;
}

static jint sendTo0(JNIEnv *env, jclass cls, jint fd, jobject buffer, jint offset, jint length, jint ipv4,
		    jint port)
{
	struct sockaddr_in sin;
	void *data = fh_direct_range(env, buffer, offset, length);
	ssize_t n;

	(void)cls;
	if (!data)
		return -EINVAL;
	fill_sin(&sin, ipv4, port);
	n = sendto(fd, data, (size_t)length, MSG_DONTWAIT, (struct sockaddr *)&sin, sizeof(sin));
	return n < 0 ? -errno : (jint)n;
}

/*
 * One message into buffer[offset, +capacity). Returns its full length (larger than capacity when the kernel
 * truncated it) or -errno; meta gets the source address, port and the MSG_TRUNC flag.
 */
static jint receive0(JNIEnv *env, jclass cls, jint fd, jobject buffer, jint offset, jint capacity, jobject meta)
{
	struct sockaddr_in sin;
	struct iovec iov;
	struct msghdr msg;
	int32_t *out = fh_direct_range(env, meta, 0, 3 * sizeof(int32_t));
	ssize_t n;

	(void)cls;
	iov.iov_base = fh_direct_range(env, buffer, offset, capacity);
	if (!iov.iov_base || !out)
		return -EINVAL;
	iov.iov_len = (size_t)capacity;
	memset(&msg, 0, sizeof(msg));
	msg.msg_name = &sin;
	msg.msg_namelen = sizeof(sin);
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	n = recvmsg(fd, &msg, MSG_DONTWAIT | MSG_TRUNC);
	if (n < 0)
		return -errno;
	out[0] = (int32_t)ntohl(sin.sin_addr.s_addr);
	out[1] = ntohs(sin.sin_port);
	out[2] = (msg.msg_flags & MSG_TRUNC) ? 1 : 0;
	return (jint)n;
}

static jint poll0(JNIEnv *env, jclass cls, jint fd, jint events, jint timeoutMs)
{
	struct pollfd p = { .fd = fd, .events = (short)events };
	int rc;

	(void)env;
	(void)cls;
	rc = poll(&p, 1, timeoutMs);
	if (rc < 0)
		return errno == EINTR ? 0 : -errno;
	return rc == 0 ? 0 : p.revents;
}

/*
 * One RDS_INFO_* table into out[0, capacity): returns the bytes written; meta[0] gets the kernel's size of one
 * entry. -ENOSPC when capacity is too small (meta[1] = bytes needed): the kernel copies nothing then, so Java
 * asks again with that much.
 */
static jint info(JNIEnv *env, jint fd, int option, jobject out, jint capacity, jobject meta)
{
	void *data = fh_direct_range(env, out, 0, capacity);
	int32_t *m = fh_direct_range(env, meta, 0, 3 * sizeof(int32_t));
	socklen_t len = (socklen_t)capacity;
	int each;

	if (!data || !m)
		return -EINVAL;
	each = getsockopt(fd, SOL_RDS, option, data, &len);
	if (each < 0) {
		m[1] = (int32_t)len;
		return -errno;
	}
	m[0] = each;
	return (jint)len;
}

/* RDS_INFO_CONNECTIONS: struct rds_info_connection entries. */
static jint connections0(JNIEnv *env, jclass cls, jint fd, jobject out, jint capacity, jobject meta)
{
	(void)cls;
	return info(env, fd, RDS_INFO_CONNECTIONS, out, capacity, meta);
}

/* RDS_INFO_COUNTERS: struct rds_info_counter entries, the core statistics then each transport's. */
static jint counters0(JNIEnv *env, jclass cls, jint fd, jobject out, jint capacity, jobject meta)
{
	(void)cls;
	return info(env, fd, RDS_INFO_COUNTERS, out, capacity, meta);
}

/*
 * RDS_GET_MR over buffer[offset, +length) (rds-stress -D): the cookie (r_key and in-page offset) goes to
 * meta[0..8); a peer quotes it in RDS_CMSG_RDMA_ARGS to read or write this memory. Needs rds_rdma.
 */
static jint getMr0(JNIEnv *env, jclass cls, jint fd, jobject buffer, jint offset, jint length, jint flags,
		   jobject meta)
{
	void *addr = fh_direct_range(env, buffer, offset, length);
	uint64_t *out = fh_direct_range(env, meta, 0, sizeof(uint64_t));
	uint64_t cookie = 0;
	struct rds_get_mr_args args;

	(void)cls;
	if (!addr || !out)
		return -EINVAL;
	memset(&args, 0, sizeof(args));
	args.vec.addr = (uint64_t)(uintptr_t)addr;
	args.vec.bytes = (uint64_t)length;
	args.cookie_addr = (uint64_t)(uintptr_t)&cookie;
	args.flags = (uint64_t)flags;
	if (setsockopt(fd, SOL_RDS, RDS_GET_MR, &args, sizeof(args)))
		return -errno;
	*out = cookie;
	return 0;
}

static jint freeMr0(JNIEnv *env, jclass cls, jint fd, jlong cookie)
{
	struct rds_free_mr_args args = { .cookie = (uint64_t)cookie, .flags = 0 };

	(void)env;
	(void)cls;
	return setsockopt(fd, SOL_RDS, RDS_FREE_MR, &args, sizeof(args)) ? -errno : 0;
}

/*
 * sendmsg of message[offset, +length) to ipv4:port carrying RDS_CMSG_RDMA_ARGS: before the message is delivered,
 * RDS WRITEs (write true) local[localOffset, +localLength) into the peer's memory named by cookie at remoteAddr,
 * or READs it from there. Returns the message bytes sent or -errno (ENOBUFS when the queue is full).
 */
static jint sendRdma0(JNIEnv *env, jclass cls, jint fd, jobject message, jint offset, jint length, jint ipv4,
		      jint port, jlong cookie, jlong remoteAddr, jobject local, jint localOffset, jint localLength,
		      jboolean write)
{
	void *data = fh_direct_range(env, message, offset, length);
	void *mem = fh_direct_range(env, local, localOffset, localLength);
	struct rds_iovec local_vec;
	struct rds_rdma_args args;
	struct sockaddr_in sin;
	struct iovec iov;
	struct msghdr msg;
	struct cmsghdr *cmsg;
	union {
		char buf[CMSG_SPACE(sizeof(struct rds_rdma_args))];
		struct cmsghdr align;
	} control;
	ssize_t n;

	(void)cls;
	if (!data || !mem)
		return -EINVAL;
	local_vec.addr = (uint64_t)(uintptr_t)mem;
	local_vec.bytes = (uint64_t)localLength;
	memset(&args, 0, sizeof(args));
	args.cookie = (uint64_t)cookie;
	args.remote_vec.addr = (uint64_t)remoteAddr;
	args.remote_vec.bytes = (uint64_t)localLength;
	args.local_vec_addr = (uint64_t)(uintptr_t)&local_vec;
	args.nr_local = 1;
	args.flags = write ? RDS_RDMA_READWRITE : 0;
	fill_sin(&sin, ipv4, port);
	iov.iov_base = data;
	iov.iov_len = (size_t)length;
	memset(&msg, 0, sizeof(msg));
	memset(&control, 0, sizeof(control));
	msg.msg_name = &sin;
	msg.msg_namelen = sizeof(sin);
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	msg.msg_control = control.buf;
	msg.msg_controllen = sizeof(control.buf);
	cmsg = CMSG_FIRSTHDR(&msg);
	cmsg->cmsg_level = SOL_RDS;
	cmsg->cmsg_type = RDS_CMSG_RDMA_ARGS;
	cmsg->cmsg_len = CMSG_LEN(sizeof(args));
	memcpy(CMSG_DATA(cmsg), &args, sizeof(args));
	n = sendmsg(fd, &msg, MSG_DONTWAIT);
	return n < 0 ? -errno : (jint)n;
}

static jint close0(JNIEnv *env, jclass cls, jint fd)
{
	(void)env;
	(void)cls;
	return close(fd) ? -errno : 0;
}

static const JNINativeMethod methods[] = {
	{ "open0", "()I", (void *)open0 },
	{ "bind0", "(III)I", (void *)bind0 },
	{ "localPort0", "(I)I", (void *)localPort0 },
	{ "setBuffers0", "(III)I", (void *)setBuffers0 },
	{ "getBuffer0", "(II)I", (void *)getBuffer0 },
	{ "transport0", "(I)I", (void *)transport0 },
	{ "setTransport0", "(II)I", (void *)setTransport0 },
	{ "sendTo0", "(ILjava/nio/ByteBuffer;IIII)I", (void *)sendTo0 },
	{ "receive0", "(ILjava/nio/ByteBuffer;IILjava/nio/ByteBuffer;)I", (void *)receive0 },
	{ "poll0", "(III)I", (void *)poll0 },
	{ "connections0", "(ILjava/nio/ByteBuffer;ILjava/nio/ByteBuffer;)I", (void *)connections0 },
	{ "counters0", "(ILjava/nio/ByteBuffer;ILjava/nio/ByteBuffer;)I", (void *)counters0 },
	{ "getMr0", "(ILjava/nio/ByteBuffer;IIILjava/nio/ByteBuffer;)I", (void *)getMr0 },
	{ "freeMr0", "(IJ)I", (void *)freeMr0 },
	{ "sendRdma0", "(ILjava/nio/ByteBuffer;IIIIJJLjava/nio/ByteBuffer;IIZ)I", (void *)sendRdma0 },
	{ "close0", "(I)I", (void *)close0 },
};

int fh_rds_socket_register(JNIEnv *env)
{
	return fh_register(env, "io/fabrichealth/jni/rds/RdsSocket", methods, FH_ARRAY_LEN(methods));
}
