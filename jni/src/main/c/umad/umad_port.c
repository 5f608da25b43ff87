/*
 * MAD transport: open a port, register agents, send and receive.
 *
 * Java hands over only the MAD: the address of a direct buffer, read once and range-checked in
 * Java (asking the JVM for it on every call cost about as much as the crossing itself). The
 * struct ib_user_mad header lives on this stack frame: no allocation per MAD and nothing shared
 * between a sending and a receiving thread. umad_get_mad()/umad_size() locate the MAD behind the
 * header, so the old kernel layout (no pkey_index, 8 bytes shorter) is handled by libibumad.
 */
#include "fhumad.h"

#include <arpa/inet.h>
#include <endian.h>
#include <errno.h>
#include <infiniband/umad.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "io_fabrichealth_jni_UmadPort.h"

#define MAD_SIZE io_fabrichealth_jni_UmadPort_MAD_SIZE

struct umad_frame {
	struct ib_user_mad hdr;
	uint8_t mad[MAD_SIZE];
};

static jint open0(JNIEnv *env, jclass cls, jstring jca, jint port)
{
	const char *ca = NULL;
	int fd;

	(void)cls;
	if (jca) {
		ca = (*env)->GetStringUTFChars(env, jca, NULL);
		if (!ca)
			return -ENOMEM;
	}
	fd = umad_open_port(ca, port);
	if (ca)
		(*env)->ReleaseStringUTFChars(env, jca, ca);
	return fd;
}

static jint register0(JNIEnv *env, jclass cls, jint fd, jint mgmt_class, jint class_version)
{
	(void)env;
	(void)cls;
	/* No method mask and no RMPP: this agent only ever receives answers to its own requests. */
	return umad_register(fd, mgmt_class, class_version, 0, NULL);
}

static jint send0(JNIEnv *env, jclass cls, jint fd, jint agent, jlong address, jint length, jint lid,
		  jint qpn, jint qkey, jint sl, jint pkey_index, jint timeout_ms, jint retries)
{
	struct umad_frame frame;
	int rc;

	(void)env;
	(void)cls;
	if (length <= 0 || length > MAD_SIZE)
		return -EINVAL;
	/* Only the header needs clearing: umad_send sends length bytes of the MAD, all copied here. */
	memset(&frame.hdr, 0, sizeof(frame.hdr));
	memcpy(umad_get_mad(&frame), (const void *)(intptr_t)address, length);
	umad_set_addr(&frame, lid, qpn, sl, qkey);
	umad_set_pkey(&frame, pkey_index);
	errno = 0;
	rc = umad_send(fd, agent, &frame, length, timeout_ms, retries);
	if (rc < 0)
		return errno ? -errno : rc;
	return 0;
}

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Milliseconds left, rounded up so that we never give up before the deadline. */
static int millis_left(int64_t deadline_ns)
{
	int64_t left = deadline_ns - now_ns();

	return left <= 0 ? 0 : (int)((left + 999999) / 1000000);
}

/*
 * Packs what Java needs into one non-negative jlong (decoded by MadReceipt.unpack):
 * bits 0-15 remote LID, 16-31 umad status (saturated), 32-47 agent id, 48-56 length.
 */
static jlong pack_receipt(int length, uint32_t status, int agent, uint16_t lid)
{
	if (status > 0xFFFF)
		status = 0xFFFF;
	return ((jlong)(length & 0x1FF) << 48) | ((jlong)(agent & 0xFFFF) << 32) |
	       ((jlong)status << 16) | lid;
}

/*
 * Takes a queued answer, or waits on our own deadline: umad_poll (which umad2sim implements
 * with a timed condition wait), then a non-blocking umad_recv. ibsim may stall ("Wait 3") and
 * never answer, so the deadline is the only thing that ends the wait. Writes the MAD at dst
 * and returns the packed receipt, or -errno (-ETIMEDOUT when the deadline passed).
 */
static jlong recv_one(int fd, uint8_t *dst, int timeout_ms)
{
	int64_t deadline = now_ns() + (int64_t)timeout_ms * 1000000;
	struct umad_frame frame;
	int agent, length, rc;

	for (int polled = 0;; polled = 1) {
		/*
		 * Look before waiting: with a window of MADs in flight an answer is usually queued
		 * already, and umad_recv with timeout 0 takes it without the poll system call. It
		 * never blocks: umad_open_port opens the device O_NONBLOCK (umad2sim mimics that).
		 */
		if (polled || timeout_ms == 0) {
			errno = 0;
			rc = umad_poll(fd, millis_left(deadline));
		} else {
			rc = 0;
		}
		if (rc == -ETIMEDOUT) {
			if (millis_left(deadline) == 0)
				return -ETIMEDOUT;
			continue;
		}
		if (rc < 0) {
			/* umad2sim reports a spurious wake-up as an error with errno untouched */
			if (errno == EINTR || errno == 0) {
				if (millis_left(deadline) == 0)
					return -ETIMEDOUT;
				continue;
			}
			return -errno;
		}
		length = MAD_SIZE;
		agent = umad_recv(fd, &frame, &length, 0);
		if (agent == -EWOULDBLOCK || agent == -EAGAIN) {
			if (polled && millis_left(deadline) == 0)
				return -ETIMEDOUT;
			continue; /* nothing queued yet, or another reader was faster: wait */
		}
		if (agent < 0)
			return agent;
		if (length > MAD_SIZE)
			length = MAD_SIZE;
		memcpy(dst, umad_get_mad(&frame), length);
		return pack_receipt(length, (uint32_t)umad_status(&frame), agent,
				    ntohs(umad_get_mad_addr(&frame)->lid));
	}
}

static jlong recv0(JNIEnv *env, jclass cls, jint fd, jlong address, jint timeout_ms)
{
	(void)env;
	(void)cls;
	return recv_one(fd, (uint8_t *)(intptr_t)address, timeout_ms);
}

static void put_be64(uint8_t *p, uint64_t v)
{
	uint64_t be = htobe64(v);

	memcpy(p, &be, sizeof(be));
}

/*
 * Up to max MADs in one crossing: waits for the first as recv0 does, then takes only those
 * already queued (umad_recv with timeout 0 never blocks). Slot i of the buffer holds the packed
 * receipt (8 bytes, big-endian, like the MAD) and then the 256-byte MAD. Returns how many slots
 * were filled, or -errno when none was. An error after the first MAD ends the batch; the next
 * call reports it.
 */
static jint recvBatch0(JNIEnv *env, jclass cls, jint fd, jlong address, jint max, jint timeout_ms)
{
	const int slot = io_fabrichealth_jni_UmadPort_RECV_SLOT_SIZE;
	struct umad_frame frame;
	uint8_t *dst = (uint8_t *)(intptr_t)address;
	jlong first;
	int n, agent, length;

	(void)env;
	(void)cls;
	if (max < 1)
		return -EINVAL;
	first = recv_one(fd, dst + 8, timeout_ms);
	if (first < 0)
		return (jint)first;
	put_be64(dst, (uint64_t)first);
	for (n = 1; n < max; n++) {
		length = MAD_SIZE;
		agent = umad_recv(fd, &frame, &length, 0);
		if (agent < 0)
			break;
		if (length > MAD_SIZE)
			length = MAD_SIZE;
		memcpy(dst + n * slot + 8, umad_get_mad(&frame), length);
		put_be64(dst + n * slot, (uint64_t)pack_receipt(length, (uint32_t)umad_status(&frame), agent,
							       ntohs(umad_get_mad_addr(&frame)->lid)));
	}
	return n;
}

static jlong address0(JNIEnv *env, jclass cls, jobject buffer)
{
	(void)cls;
	return (jlong)(intptr_t)(*env)->GetDirectBufferAddress(env, buffer);
}

static jint close0(JNIEnv *env, jclass cls, jint fd)
{
	(void)env;
	(void)cls;
	return umad_close_port(fd);
}

const JNINativeMethod fhumad_port_methods[] = {
	{ "open0", "(Ljava/lang/String;I)I", (void *)open0 },
	{ "register0", "(III)I", (void *)register0 },
	{ "send0", "(IIJIIIIIIII)I", (void *)send0 },
	{ "recv0", "(IJI)J", (void *)recv0 },
	{ "recvBatch0", "(IJII)I", (void *)recvBatch0 },
	{ "address0", "(Ljava/nio/ByteBuffer;)J", (void *)address0 },
	{ "close0", "(I)I", (void *)close0 },
};
const int fhumad_port_method_count = FH_ARRAY_LEN(fhumad_port_methods);
