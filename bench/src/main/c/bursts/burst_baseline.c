/*
 * C baseline of the put burst, the loop BurstInitiator/TargetSession run in Java: tcp MSG, one
 * process, target and initiator on two threads. The initiator fills each payload (header + memcpy of a
 * rotated random pattern into non-contiguous, reversed gather segments), fi_writemsg's it with
 * FI_DELIVERY_COMPLETE, and on completion sends a NOTE; the target memcmp's every byte and returns a
 * CREDIT that frees the slot. Window slots are in flight at once.
 *
 *   burst_baseline PORT SEGMENT_BYTES SEGMENTS WINDOW TOTAL_BYTES
 * prints: bytes=N seconds=S bytes_per_second=B bad=K
 */
#include <arpa/inet.h>
#include <pthread.h>
#include <rdma/fabric.h>
#include <rdma/fi_cm.h>
#include <rdma/fi_domain.h>
#include <rdma/fi_endpoint.h>
#include <rdma/fi_errno.h>
#include <rdma/fi_eq.h>
#include <rdma/fi_rma.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MSG_SIZE 256
#define GAP 256
#define SPAN 4096
#define NOTE 5
#define CREDIT 4
#define BYE 8

#define CHECK(call) do { long _rc = (long)(call); if (_rc < 0) { \
	fprintf(stderr, "%s:%d %s failed: %ld %s\n", __FILE__, __LINE__, #call, _rc, fi_strerror((int)-_rc)); \
	exit(2); } } while (0)

struct msg { int32_t type, slot; int64_t seq; };

static const char *port;
static size_t seg_bytes, payload;
static int segments, window;
static long long total;
static unsigned char *pattern;
static pthread_barrier_t listening;

struct side {
	struct fi_info *info;
	struct fid_fabric *fabric;
	struct fid_domain *domain;
	struct fid_eq *eq;
	struct fid_cq *cq;
	struct fid_ep *ep;
	char *msgs;
	struct fid_mr *msg_mr;
	int recvs, sends, free_sends[64], nfree;
	struct fi_context2 *ctx;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int rotation(int64_t seq) { return (int)((seq * 40503LL) & (SPAN - 1)); }

static void header(unsigned char *h, int64_t seq)
{
	uint32_t magic = 0x46484231, len = (uint32_t)payload, rot = (uint32_t)rotation(seq), crc = 0;

	memcpy(h, &magic, 4);
	memcpy(h + 4, &len, 4);
	memcpy(h + 8, &seq, 8);
	memcpy(h + 16, &rot, 4);
	crc = __builtin_ia32_crc32di(~0u, *(uint64_t *)h);
	crc = __builtin_ia32_crc32di(crc, *(uint64_t *)(h + 8));
	crc = __builtin_ia32_crc32si(crc, rot) ^ ~0u;
	memcpy(h + 20, &crc, 4);
}

static struct fi_info *hints(void)
{
	struct fi_info *h = fi_allocinfo();

	h->caps = FI_MSG | FI_RMA;
	h->mode = FI_CONTEXT | FI_CONTEXT2;
	h->ep_attr->type = FI_EP_MSG;
	h->domain_attr->mr_mode = FI_MR_LOCAL | FI_MR_VIRT_ADDR | FI_MR_ALLOCATED | FI_MR_PROV_KEY;
	h->fabric_attr->prov_name = strdup("tcp");
	return h;
}

static void open_side(struct side *s, struct fi_info *info)
{
	struct fi_cq_attr cq_attr = { .size = 256, .format = FI_CQ_FORMAT_MSG, .wait_obj = FI_WAIT_NONE };
	int i;

	s->info = info;
	CHECK(fi_domain(s->fabric, info, &s->domain, NULL));
	CHECK(fi_cq_open(s->domain, &cq_attr, &s->cq, NULL));
	CHECK(fi_endpoint(s->domain, info, &s->ep, NULL));
	CHECK(fi_ep_bind(s->ep, &s->eq->fid, 0));
	CHECK(fi_ep_bind(s->ep, &s->cq->fid, FI_TRANSMIT | FI_RECV));
	CHECK(fi_enable(s->ep));
	s->recvs = 2 * window + 8;
	s->sends = window + 8;
	s->msgs = calloc(s->recvs + s->sends, MSG_SIZE);
	s->ctx = calloc(s->recvs + s->sends + window, sizeof(struct fi_context2));
	CHECK(fi_mr_reg(s->domain, s->msgs, (size_t)(s->recvs + s->sends) * MSG_SIZE, FI_SEND | FI_RECV, 0, 1, 0,
			&s->msg_mr, NULL));
	s->nfree = 0;
	for (i = 0; i < s->sends; i++)
		s->free_sends[s->nfree++] = s->recvs + i;
}

static void post_recvs(struct side *s)
{
	int i;

	for (i = 0; i < s->recvs; i++)
		CHECK(fi_recv(s->ep, s->msgs + (size_t)i * MSG_SIZE, MSG_SIZE, fi_mr_desc(s->msg_mr), 0, &s->ctx[i]));
}

static void await_connected(struct side *s)
{
	struct fi_eq_cm_entry entry;
	uint32_t event;

	CHECK(fi_eq_sread(s->eq, &event, &entry, sizeof(entry), 5000, 0));
	if (event != FI_CONNECTED) {
		fprintf(stderr, "unexpected event %u\n", event);
		exit(2);
	}
}

static int poll_cq(struct side *s, struct fi_cq_msg_entry *e, int n)
{
	ssize_t rc = fi_cq_read(s->cq, e, n);
	struct fi_cq_err_entry err;

	if (rc == -FI_EAGAIN)
		return 0;
	if (rc == -FI_EAVAIL) {
		memset(&err, 0, sizeof(err));
		fi_cq_readerr(s->cq, &err, 0);
		fprintf(stderr, "completion error %d %s\n", err.err, fi_strerror(err.err));
		exit(2);
	}
	CHECK(rc);
	return (int)rc;
}

static void send_msg(struct side *s, int type, int slot, int64_t seq)
{
	struct fi_cq_msg_entry e[16];
	struct msg *m;
	int i, n, k;

	while (s->nfree == 0) {
		n = poll_cq(s, e, 16);
		for (k = 0; k < n; k++) {
			i = (int)((struct fi_context2 *)e[k].op_context - s->ctx);
			if (i < s->recvs || i >= s->recvs + s->sends) {
				/* the window sizes sends so only sends are outstanding here; dropping another
				 * completion would hang the loop, so stop with the reason instead */
				fprintf(stderr, "burst_baseline: completion %d arrived while waiting for a send buffer; "
					"raise the send count above the window\n", i);
				exit(2);
			}
			s->free_sends[s->nfree++] = i;
		}
	}
	i = s->free_sends[--s->nfree];
	m = (struct msg *)(s->msgs + (size_t)i * MSG_SIZE);
	m->type = type;
	m->slot = slot;
	m->seq = seq;
	while (fi_send(s->ep, m, MSG_SIZE, fi_mr_desc(s->msg_mr), 0, &s->ctx[i]) == -FI_EAGAIN)
		;
}

static long long bad_payloads;

static void *target(void *arg)
{
	struct side s = { 0 };
	struct fi_info *info, *h = hints();
	struct fid_pep *pep;
	struct fi_eq_attr eq_attr = { .size = 16, .wait_obj = FI_WAIT_UNSPEC };
	struct fi_eq_cm_entry entry;
	struct fi_cq_msg_entry e[16];
	struct fid_mr *mr;
	unsigned char *slots, hdr[24];
	uint32_t event;
	int done = 0, n, k, i;

	(void)arg;
	CHECK(fi_getinfo(FI_VERSION(1, 17), "127.0.0.1", port, FI_SOURCE, h, &info));
	CHECK(fi_fabric(info->fabric_attr, &s.fabric, NULL));
	CHECK(fi_eq_open(s.fabric, &eq_attr, &s.eq, NULL));
	CHECK(fi_passive_ep(s.fabric, info, &pep, NULL));
	CHECK(fi_pep_bind(pep, &s.eq->fid, 0));
	CHECK(fi_listen(pep));
	pthread_barrier_wait(&listening);
	CHECK(fi_eq_sread(s.eq, &event, &entry, sizeof(entry), 5000, 0));
	open_side(&s, entry.info);
	/*
	 * Slots are registered before the accept, so no write can arrive ahead of its region, and touched,
	 * as Java's zeroed direct buffers are: first-touch page faults stay out of the timed loop.
	 */
	slots = aligned_alloc(4096, payload * window);
	memset(slots, 0, payload * window);
	CHECK(fi_mr_reg(s.domain, slots, payload * window, FI_REMOTE_WRITE | FI_REMOTE_READ, 0, 7, 0, &mr, NULL));
	CHECK(fi_accept(s.ep, NULL, 0));
	await_connected(&s);
	post_recvs(&s);
	while (!done) {
		n = poll_cq(&s, e, 16);
		for (k = 0; k < n; k++) {
			i = (int)((struct fi_context2 *)e[k].op_context - s.ctx);
			if (i >= s.recvs) {
				s.free_sends[s.nfree++] = i;
				continue;
			}
			struct msg m = *(struct msg *)(s.msgs + (size_t)i * MSG_SIZE);
			CHECK(fi_recv(s.ep, s.msgs + (size_t)i * MSG_SIZE, MSG_SIZE, fi_mr_desc(s.msg_mr), 0, &s.ctx[i]));
			if (m.type == BYE) {
				done = 1;
				continue;
			}
			unsigned char *p = slots + (size_t)m.slot * payload;
			header(hdr, m.seq);
			if (memcmp(p, hdr, 24) || memcmp(p + 24, pattern + rotation(m.seq) + 24, payload - 24))
				bad_payloads++;
			send_msg(&s, CREDIT, m.slot, m.seq);
		}
	}
	return NULL;
}

int main(int argc, char **argv)
{
	struct side s = { 0 };
	struct fi_info *info, *h;
	struct fi_eq_attr eq_attr = { .size = 16, .wait_obj = FI_WAIT_UNSPEC };
	struct fi_cq_msg_entry e[16];
	struct fid_mr **mr;
	unsigned char **buf;
	struct iovec *iov;
	void **desc;
	int64_t *slot_seq, seq = 0;
	int *free_slot, nfree, outstanding = 0, j, k, n, i;
	long long issued = 0;
	pthread_t t;
	double start, secs;

	if (argc != 6) {
		fprintf(stderr, "usage: %s PORT SEGMENT_BYTES SEGMENTS WINDOW TOTAL_BYTES\n", argv[0]);
		return 1;
	}
	port = argv[1];
	seg_bytes = strtoul(argv[2], NULL, 0);
	segments = atoi(argv[3]);
	window = atoi(argv[4]);
	total = strtoll(argv[5], NULL, 0);
	payload = seg_bytes * segments;
	pattern = malloc(payload + SPAN);
	srand(7);
	for (size_t b = 0; b < payload + SPAN; b++)
		pattern[b] = (unsigned char)rand();
	pthread_barrier_init(&listening, NULL, 2);
	pthread_create(&t, NULL, target, NULL);
	pthread_barrier_wait(&listening);

	h = hints();
	CHECK(fi_getinfo(FI_VERSION(1, 17), "127.0.0.1", port, 0, h, &info));
	CHECK(fi_fabric(info->fabric_attr, &s.fabric, NULL));
	CHECK(fi_eq_open(s.fabric, &eq_attr, &s.eq, NULL));
	open_side(&s, info);
	CHECK(fi_connect(s.ep, info->dest_addr, NULL, 0));
	await_connected(&s);
	post_recvs(&s);

	mr = calloc(window, sizeof(*mr));
	buf = calloc(window, sizeof(*buf));
	iov = calloc((size_t)window * segments, sizeof(*iov));
	desc = calloc((size_t)window * segments, sizeof(*desc));
	slot_seq = calloc(window, sizeof(*slot_seq));
	free_slot = calloc(window, sizeof(*free_slot));
	for (i = 0; i < window; i++) {
		size_t bytes = (size_t)segments * (seg_bytes + GAP);

		buf[i] = aligned_alloc(4096, (bytes + 4095) / 4096 * 4096);
		memset(buf[i], 0, bytes); /* touched before the clock starts, like Java's zeroed direct buffers */
		CHECK(fi_mr_reg(s.domain, buf[i], bytes, FI_WRITE | FI_READ, 0, 100 + i, 0, &mr[i], NULL));
		for (j = 0; j < segments; j++) {
			iov[i * segments + j].iov_base = buf[i] + (size_t)(segments - 1 - j) * (seg_bytes + GAP);
			iov[i * segments + j].iov_len = seg_bytes;
			desc[i * segments + j] = fi_mr_desc(mr[i]);
		}
		free_slot[i] = i;
	}
	nfree = window;
	start = now();
	while (issued < total || outstanding > 0) {
		while (nfree > 0 && issued < total) {
			int sl = free_slot[--nfree];
			unsigned char hdr[24];
			size_t off = (size_t)rotation(seq);

			header(hdr, seq);
			for (j = 0; j < segments; j++) {
				unsigned char *dst = iov[sl * segments + j].iov_base;
				size_t logical = (size_t)j * seg_bytes;

				if (j == 0) {
					memcpy(dst, hdr, 24);
					memcpy(dst + 24, pattern + off + 24, seg_bytes - 24);
				} else {
					memcpy(dst, pattern + off + logical, seg_bytes);
				}
			}
			slot_seq[sl] = seq++;
			struct fi_rma_iov rma = { (uint64_t)sl * payload, payload, 7 };
			struct fi_msg_rma msg = { .msg_iov = &iov[sl * segments], .desc = &desc[sl * segments],
				.iov_count = segments, .rma_iov = &rma, .rma_iov_count = 1, .context = &s.ctx[s.recvs + s.sends + sl] };
			while (fi_writemsg(s.ep, &msg, FI_COMPLETION | FI_DELIVERY_COMPLETE) == -FI_EAGAIN)
				poll_cq(&s, e, 0);
			outstanding++;
			issued += (long long)payload;
		}
		n = poll_cq(&s, e, 16);
		for (k = 0; k < n; k++) {
			i = (int)((struct fi_context2 *)e[k].op_context - s.ctx);
			if (i < s.recvs) {
				struct msg m = *(struct msg *)(s.msgs + (size_t)i * MSG_SIZE);

				CHECK(fi_recv(s.ep, s.msgs + (size_t)i * MSG_SIZE, MSG_SIZE, fi_mr_desc(s.msg_mr), 0, &s.ctx[i]));
				if (m.type == CREDIT) {
					free_slot[nfree++] = m.slot;
					outstanding--;
				}
			} else if (i < s.recvs + s.sends) {
				s.free_sends[s.nfree++] = i;
			} else {
				int sl = i - s.recvs - s.sends;

				send_msg(&s, NOTE, sl, slot_seq[sl]);
			}
		}
	}
	secs = now() - start;
	send_msg(&s, BYE, 0, 0);
	pthread_join(t, NULL);
	printf("bytes=%lld seconds=%.6f bytes_per_second=%.0f bad=%lld\n", issued, secs, issued / secs, bad_payloads);
	return bad_payloads ? 3 : 0;
}
