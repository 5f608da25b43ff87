/*
 * C baseline of the libfabric ping-pong, the loop ActiveTask/PassiveTask run in Java: tcp MSG, one process,
 * responder and initiator on two threads, one request outstanding (depth 1, one task). Every message carries the
 * 48-byte header (magic, version, type, task, session, sizes, sequence, slot, stamp, CRC32C of the header) and a
 * payload copied from a random block at a rotation derived from (session, task, sequence, type); each side checks
 * the header and memcmp's the payload before answering or counting the round trip. Waiting is Java's: read the
 * CQ, and when it is empty, fi_trywait and epoll_wait on its wait fd.
 *
 *   pingpong_baseline PORT REQUEST_BYTES ACK_BYTES SECONDS
 * prints: count=N rtt_p50_us=X rtt_p99_us=Y rtt_min_us=Z bad=K
 */
#include <pthread.h>
#include <rdma/fabric.h>
#include <rdma/fi_cm.h>
#include <rdma/fi_domain.h>
#include <rdma/fi_endpoint.h>
#include <rdma/fi_eq.h>
#include <rdma/fi_errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <time.h>

#define HDR 48
#define SPAN 65536
#define MAGIC 0x50504846u
#define REQUEST 1
#define ACK 2
#define MAX_RTTS 4000000
#define SPIN_NS 50000

#define CHECK(call) do { long _rc = (long)(call); if (_rc < 0) { \
	fprintf(stderr, "%s:%d %s failed: %ld %s\n", __FILE__, __LINE__, #call, _rc, fi_strerror((int)-_rc)); \
	exit(2); } } while (0)

static const char *port;
static int req_bytes, ack_bytes, max_bytes;
static double seconds;
static unsigned char *block;
static int32_t session = 0x1234567;
static pthread_barrier_t listening;
static volatile int stop;
static long bad;

struct side {
	struct fi_info *info;
	struct fid_fabric *fabric;
	struct fid_domain *domain;
	struct fid_eq *eq;
	struct fid_cq *cq;
	struct fid_ep *ep;
	struct fid_mr *mr;
	unsigned char *buf;	/* [0, max) receive, [max, 2 max) send */
	int epfd;
	struct fi_context2 ctx[2];
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int rotation(int32_t s, int task, int64_t seq, int type)
{
	uint64_t z = (uint64_t)seq * 0x9E3779B97F4A7C15ull + (((uint64_t)(uint32_t)s << 32) ^ ((uint64_t)task << 8) ^
							   (uint64_t)type);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return (int)((z ^ (z >> 31)) & (SPAN - 1));
}

static uint32_t crc32c(const unsigned char *p, int n)
{
	uint32_t crc = ~0u;
	int i;

	for (i = 0; i + 8 <= n; i += 8)
		crc = (uint32_t)__builtin_ia32_crc32di(crc, *(const uint64_t *)(p + i));
	for (; i + 4 <= n; i += 4)
		crc = __builtin_ia32_crc32si(crc, *(const uint32_t *)(p + i));
	return crc ^ ~0u;
}

static void header(unsigned char *h, int type, int bytes, int64_t seq, int answer, uint64_t stamp)
{
	uint32_t magic = MAGIC, crc;
	uint16_t task = 0;
	int32_t slot = 0, flags = 0;

	memcpy(h, &magic, 4);
	h[4] = 1;
	h[5] = (unsigned char)type;
	memcpy(h + 6, &task, 2);
	memcpy(h + 8, &session, 4);
	memcpy(h + 12, &bytes, 4);
	memcpy(h + 16, &seq, 8);
	memcpy(h + 24, &slot, 4);
	memcpy(h + 28, &answer, 4);
	memcpy(h + 32, &stamp, 8);
	memcpy(h + 40, &flags, 4);
	crc = crc32c(h, 44);
	memcpy(h + 44, &crc, 4);
}

/* The header checks Java's decoder makes; 0 when sound. */
static int check_header(const unsigned char *h, int len, int type, int bytes, int64_t *seq)
{
	uint32_t magic, crc;
	int32_t n, s;

	memcpy(&magic, h, 4);
	memcpy(&crc, h + 44, 4);
	memcpy(&n, h + 12, 4);
	memcpy(&s, h + 8, 4);
	if (len < HDR || magic != MAGIC || h[4] != 1 || crc != crc32c(h, 44) || h[5] != type || n != bytes ||
	    n != len || s != session)
		return -1;
	memcpy(seq, h + 16, 8);
	return 0;
}

static void open_side(struct side *s, struct fi_info *info)
{
	struct fi_cq_attr cq_attr = { .format = FI_CQ_FORMAT_MSG, .size = 64, .wait_obj = FI_WAIT_FD };
	struct fi_eq_attr eq_attr = { .wait_obj = FI_WAIT_UNSPEC };
	struct epoll_event ev = { .events = EPOLLIN };
	int fd;

	CHECK(fi_domain(s->fabric, info, &s->domain, NULL));
	CHECK(fi_cq_open(s->domain, &cq_attr, &s->cq, NULL));
	if (!s->eq)
		CHECK(fi_eq_open(s->fabric, &eq_attr, &s->eq, NULL));
	CHECK(fi_endpoint(s->domain, info, &s->ep, NULL));
	CHECK(fi_ep_bind(s->ep, &s->eq->fid, 0));
	CHECK(fi_ep_bind(s->ep, &s->cq->fid, FI_TRANSMIT | FI_RECV));
	CHECK(fi_enable(s->ep));
	s->buf = aligned_alloc(4096, 2 * (size_t)max_bytes + 4096);
	CHECK(fi_mr_reg(s->domain, s->buf, 2 * (size_t)max_bytes, FI_SEND | FI_RECV, 0, 0, 0, &s->mr, NULL));
	CHECK(fi_control(&s->cq->fid, FI_GETWAIT, &fd));
	s->epfd = epoll_create1(0);
	ev.data.fd = fd;
	epoll_ctl(s->epfd, EPOLL_CTL_ADD, fd, &ev);
}

static void await_connected(struct side *s)
{
	struct fi_eq_cm_entry entry;
	uint32_t event;

	if (fi_eq_sread(s->eq, &event, &entry, sizeof(entry), 5000, 0) < 0 || event != FI_CONNECTED) {
		fprintf(stderr, "no FI_CONNECTED\n");
		exit(2);
	}
}

static void post_recv(struct side *s)
{
	CHECK(fi_recv(s->ep, s->buf, (size_t)max_bytes, fi_mr_desc(s->mr), 0, &s->ctx[0]));
}

/* One completion of the kind wanted (receive: its length; send: 0); -1 when stopped. Sleeps as Java does. */
static long await(struct side *s, void *ctx)
{
	struct fi_cq_msg_entry e;
	struct fid *fids[1] = { &s->cq->fid };
	struct epoll_event ev;
	uint64_t start = now_ns();
	ssize_t n;

	while (!stop) {
		n = fi_cq_read(s->cq, &e, 1);
		if (n == 1) {
			if (e.op_context == ctx)
				return (long)e.len;
			continue;
		}
		if (n != -FI_EAGAIN) {
			fprintf(stderr, "fi_cq_read: %zd\n", n);
			exit(2);
		}
		if (now_ns() - start < SPIN_NS)
			continue;
		if (fi_trywait(s->fabric, fids, 1) == 0)
			epoll_wait(s->epfd, &ev, 1, 10);
	}
	return -1;
}

static void *responder(void *arg)
{
	struct side *s = arg;
	struct fi_info *hints = fi_allocinfo();
	struct fid_pep *pep;
	struct fi_eq_cm_entry entry;
	struct fi_eq_attr eq_attr = { .wait_obj = FI_WAIT_UNSPEC };
	uint32_t event;
	int64_t seq;
	long len;

	hints->ep_attr->type = FI_EP_MSG;
	hints->caps = FI_MSG;
	hints->fabric_attr->prov_name = strdup("tcp");
	CHECK(fi_getinfo(FI_VERSION(1, 17), "127.0.0.1", port, FI_SOURCE, hints, &s->info));
	CHECK(fi_fabric(s->info->fabric_attr, &s->fabric, NULL));
	CHECK(fi_eq_open(s->fabric, &eq_attr, &s->eq, NULL));
	CHECK(fi_passive_ep(s->fabric, s->info, &pep, NULL));
	CHECK(fi_pep_bind(pep, &s->eq->fid, 0));
	CHECK(fi_listen(pep));
	pthread_barrier_wait(&listening);
	if (fi_eq_sread(s->eq, &event, &entry, sizeof(entry), 5000, 0) < 0 || event != FI_CONNREQ) {
		fprintf(stderr, "no FI_CONNREQ\n");
		exit(2);
	}
	open_side(s, entry.info);
	CHECK(fi_accept(s->ep, NULL, 0));
	await_connected(s);
	post_recv(s);
	while ((len = await(s, &s->ctx[0])) >= 0) {
		unsigned char *out = s->buf + max_bytes;

		if (check_header(s->buf, (int)len, REQUEST, req_bytes, &seq) ||
		    memcmp(s->buf + HDR, block + rotation(session, 0, seq, REQUEST), (size_t)req_bytes - HDR))
			bad++;
		uint64_t stamp;

		memcpy(&stamp, s->buf + 32, 8);
		post_recv(s);
		header(out, ACK, ack_bytes, seq, 0, stamp);
		memcpy(out + HDR, block + rotation(session, 0, seq, ACK), (size_t)ack_bytes - HDR);
		while (fi_send(s->ep, out, (size_t)ack_bytes, fi_mr_desc(s->mr), 0, &s->ctx[1]) == -FI_EAGAIN)
			;
		if (await(s, &s->ctx[1]) < 0)
			break;
	}
	return NULL;
}

static int cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	struct side server = { 0 }, client = { 0 };
	struct fi_info *hints;
	pthread_t thread;
	uint64_t *rtts, start, t0;
	long count = 0, len, i;
	int64_t seq, got;

	if (argc != 5) {
		fprintf(stderr, "usage: %s PORT REQUEST_BYTES ACK_BYTES SECONDS\n", argv[0]);
		return 1;
	}
	port = argv[1];
	req_bytes = atoi(argv[2]);
	ack_bytes = atoi(argv[3]);
	seconds = atof(argv[4]);
	max_bytes = req_bytes > ack_bytes ? req_bytes : ack_bytes;
	block = malloc((size_t)max_bytes + SPAN);
	for (i = 0; i < max_bytes + SPAN; i++)
		block[i] = (unsigned char)(rand() >> 7);
	rtts = malloc(sizeof(*rtts) * MAX_RTTS);
	pthread_barrier_init(&listening, NULL, 2);
	pthread_create(&thread, NULL, responder, &server);
	pthread_barrier_wait(&listening);

	hints = fi_allocinfo();
	hints->ep_attr->type = FI_EP_MSG;
	hints->caps = FI_MSG;
	hints->fabric_attr->prov_name = strdup("tcp");
	CHECK(fi_getinfo(FI_VERSION(1, 17), "127.0.0.1", port, 0, hints, &client.info));
	CHECK(fi_fabric(client.info->fabric_attr, &client.fabric, NULL));
	open_side(&client, client.info);
	CHECK(fi_connect(client.ep, client.info->dest_addr, NULL, 0));
	await_connected(&client);
	post_recv(&client);

	start = now_ns();
	for (seq = 0; now_ns() - start < (uint64_t)(seconds * 1e9) && count < MAX_RTTS; seq++) {
		unsigned char *out = client.buf + max_bytes;

		t0 = now_ns();
		header(out, REQUEST, req_bytes, seq, ack_bytes, t0);
		memcpy(out + HDR, block + rotation(session, 0, seq, REQUEST), (size_t)req_bytes - HDR);
		while (fi_send(client.ep, out, (size_t)req_bytes, fi_mr_desc(client.mr), 0, &client.ctx[1]) == -FI_EAGAIN)
			;
		await(&client, &client.ctx[1]);
		len = await(&client, &client.ctx[0]);
		if (check_header(client.buf, (int)len, ACK, ack_bytes, &got) || got != seq ||
		    memcmp(client.buf + HDR, block + rotation(session, 0, seq, ACK), (size_t)ack_bytes - HDR))
			bad++;
		post_recv(&client);
		rtts[count++] = now_ns() - t0;
	}
	stop = 1;
	pthread_join(thread, NULL);
	qsort(rtts, (size_t)count, sizeof(*rtts), cmp);
	printf("count=%ld rtt_p50_us=%.2f rtt_p99_us=%.2f rtt_min_us=%.2f bad=%ld\n", count,
	       rtts[count / 2] / 1e3, rtts[count * 99 / 100] / 1e3, rtts[0] / 1e3, bad);
	return 0;
}
