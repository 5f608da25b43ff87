/*
 * libfhflip.so: test-only LD_PRELOAD fault injector. Flips exactly one bit per
 * arming in data the process receives, so tests can prove the agent notices
 * corruption. Never shipped: the Makefile builds it outside target/classes.
 *
 * A test maps the file named by FH_FLIP_CTL (4096 bytes, layout in struct
 * fh_flip_ctl) and sets armed=1. A receive claims the block (1 -> 2), decides,
 * then either flips and disarms (-> 0) or hands it back (-> 1).
 */
#define _GNU_SOURCE
/* Fortify would turn read()/recv() into inline wrappers that clash with ours. */
#undef _FORTIFY_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#define FH_EXPORT __attribute__((visibility("default")))

#define FLIP_MAGIC   0x4C464846u /* "FHFL" little-endian */
#define FLIP_MAPLEN  4096
#define FLIP_PATMAX  32

enum { ARM_OFF = 0, ARM_ARMED = 1, ARM_CLAIMED = 2 };
enum { MODE_PATTERN = 1, MODE_SIZE = 2 };
enum { CALL_RECV = 1, CALL_RECVFROM = 2, CALL_RECVMSG = 3, CALL_READ = 4, CALL_READV = 5 };

/* Shared with a Java test (FileChannel.map), so offsets are fixed and asserted below. */
struct fh_flip_ctl {
    uint32_t magic;
    uint32_t armed;
    uint32_t mode;
    uint32_t pattern_len;
    uint8_t  pattern[FLIP_PATMAX];
    int32_t  offset;
    uint32_t bit;
    uint64_t min_len;
    uint64_t max_len;
    uint64_t skip;
    uint64_t flips;
    uint64_t last_len;
    int64_t  last_offset;
    uint32_t last_fd;
    uint32_t last_call;
    uint32_t family;
    uint32_t pid;
    uint64_t seen;
    uint8_t  last_before[16];
};

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "control block is little-endian; a big-endian build would misread the Java side"
#endif
_Static_assert(offsetof(struct fh_flip_ctl, magic) == 0, "magic");
_Static_assert(offsetof(struct fh_flip_ctl, armed) == 4, "armed");
_Static_assert(offsetof(struct fh_flip_ctl, mode) == 8, "mode");
_Static_assert(offsetof(struct fh_flip_ctl, pattern_len) == 12, "pattern_len");
_Static_assert(offsetof(struct fh_flip_ctl, pattern) == 16, "pattern");
_Static_assert(offsetof(struct fh_flip_ctl, offset) == 48, "offset");
_Static_assert(offsetof(struct fh_flip_ctl, bit) == 52, "bit");
_Static_assert(offsetof(struct fh_flip_ctl, min_len) == 56, "min_len");
_Static_assert(offsetof(struct fh_flip_ctl, max_len) == 64, "max_len");
_Static_assert(offsetof(struct fh_flip_ctl, skip) == 72, "skip");
_Static_assert(offsetof(struct fh_flip_ctl, flips) == 80, "flips");
_Static_assert(offsetof(struct fh_flip_ctl, last_len) == 88, "last_len");
_Static_assert(offsetof(struct fh_flip_ctl, last_offset) == 96, "last_offset");
_Static_assert(offsetof(struct fh_flip_ctl, last_fd) == 104, "last_fd");
_Static_assert(offsetof(struct fh_flip_ctl, last_call) == 108, "last_call");
_Static_assert(offsetof(struct fh_flip_ctl, family) == 112, "family");
_Static_assert(offsetof(struct fh_flip_ctl, pid) == 116, "pid");
_Static_assert(offsetof(struct fh_flip_ctl, seen) == 120, "seen");
_Static_assert(offsetof(struct fh_flip_ctl, last_before) == 128, "last_before");
_Static_assert(sizeof(struct fh_flip_ctl) == 144, "size");

/* Points at a private zero until the constructor maps a block, so a hook that runs
 * before (or without) the constructor costs the same single load and forwards. */
static uint32_t g_unarmed;
static uint32_t *g_armed = &g_unarmed;
static struct fh_flip_ctl *g_ctl;

#define LD(f)     __atomic_load_n(&(f), __ATOMIC_RELAXED)
#define ST(f, v)  __atomic_store_n(&(f), (v), __ATOMIC_RELAXED)

/* ---- real functions ------------------------------------------------------ */

typedef ssize_t (*recv_fn)(int, void *, size_t, int);
typedef ssize_t (*recvfrom_fn)(int, void *, size_t, int, struct sockaddr *, socklen_t *);
typedef ssize_t (*recvmsg_fn)(int, struct msghdr *, int);
typedef ssize_t (*read_fn)(int, void *, size_t);
typedef ssize_t (*readv_fn)(int, const struct iovec *, int);

/* Used only if dlsym(RTLD_NEXT) fails, so a broken lookup still forwards. */
static ssize_t sys_recv(int fd, void *b, size_t n, int fl)
{ return syscall(SYS_recvfrom, fd, b, n, fl, NULL, NULL); }
static ssize_t sys_recvfrom(int fd, void *b, size_t n, int fl, struct sockaddr *a, socklen_t *al)
{ return syscall(SYS_recvfrom, fd, b, n, fl, a, al); }
static ssize_t sys_recvmsg(int fd, struct msghdr *m, int fl)
{ return syscall(SYS_recvmsg, fd, m, fl); }
static ssize_t sys_read(int fd, void *b, size_t n)
{ return syscall(SYS_read, fd, b, n); }
static ssize_t sys_readv(int fd, const struct iovec *v, int c)
{ return syscall(SYS_readv, fd, v, c); }

static recv_fn     real_recv;
static recvfrom_fn real_recvfrom;
static recvmsg_fn  real_recvmsg;
static read_fn     real_read;
static readv_fn    real_readv;

/* Racing resolvers store the same value, so relaxed atomics are enough. */
#define RESOLVER(name)                                                    \
    static __attribute__((noinline, cold)) name##_fn resolve_##name(void) \
    {                                                                     \
        name##_fn f = (name##_fn)dlsym(RTLD_NEXT, #name);                 \
        if (!f || f == name)                                              \
            f = sys_##name;                                               \
        __atomic_store_n(&real_##name, f, __ATOMIC_RELAXED);              \
        return f;                                                         \
    }
#define REAL(name) (__atomic_load_n(&real_##name, __ATOMIC_RELAXED) ?: resolve_##name())

/* Forward declarations so RESOLVER can compare against our own symbols. */
FH_EXPORT ssize_t recv(int, void *, size_t, int);
FH_EXPORT ssize_t recvfrom(int, void *, size_t, int, struct sockaddr *, socklen_t *);
FH_EXPORT ssize_t recvmsg(int, struct msghdr *, int);
FH_EXPORT ssize_t read(int, void *, size_t);
FH_EXPORT ssize_t readv(int, const struct iovec *, int);

RESOLVER(recv)
RESOLVER(recvfrom)
RESOLVER(recvmsg)
RESOLVER(read)
RESOLVER(readv)

/* ---- control block ------------------------------------------------------- */

__attribute__((constructor)) static void fh_flip_init(void)
{
    int saved = errno;
    resolve_recv();
    resolve_recvfrom();
    resolve_recvmsg();
    resolve_read();
    resolve_readv();

    const char *path = getenv("FH_FLIP_CTL");
    if (path && *path) {
        int fd = open(path, O_RDWR | O_CLOEXEC);
        if (fd >= 0) {
            struct stat st;
            /* A short file would SIGBUS on access, so it means "forward only". */
            if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= FLIP_MAPLEN) {
                void *p = mmap(NULL, FLIP_MAPLEN, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
                if (p != MAP_FAILED) {
                    g_ctl = p;
                    g_armed = &g_ctl->armed;
                }
            }
            close(fd);
        }
    }
    errno = saved;
}

/* ---- slow path (only once armed == 1 was seen) --------------------------- */

/* Copies up to dst_len bytes of the concatenated returned bytes from pos on; zero-fills the rest. */
static void gather(uint8_t *dst, size_t dst_len, const struct iovec *iov, int cnt, size_t n, size_t pos)
{
    size_t got = 0, base = 0;
    for (int i = 0; i < cnt && base < n && got < dst_len; i++) {
        size_t seg = iov[i].iov_len < n - base ? iov[i].iov_len : n - base;
        if (pos < base + seg) {
            size_t from = pos - base, take = seg - from;
            if (take > dst_len - got)
                take = dst_len - got;
            memcpy(dst + got, (const uint8_t *)iov[i].iov_base + from, take);
            got += take;
            pos += take;
        }
        base += seg;
    }
    memset(dst + got, 0, dst_len - got);
}

static void record(struct fh_flip_ctl *c, int fd, int call, size_t n, size_t flip_pos,
                   const uint8_t before[16])
{
    __atomic_fetch_add(&c->flips, 1, __ATOMIC_RELAXED);
    ST(c->last_len, (uint64_t)n);
    ST(c->last_offset, (int64_t)flip_pos);
    ST(c->last_fd, (uint32_t)fd);
    ST(c->last_call, (uint32_t)call);
    ST(c->pid, (uint32_t)getpid());
    for (int i = 0; i < 16; i++)
        ST(c->last_before[i], before[i]);
}

static uint8_t *byte_at(const struct iovec *iov, int cnt, size_t n, size_t pos)
{
    size_t base = 0;
    for (int i = 0; i < cnt && base < n; i++) {
        size_t seg = iov[i].iov_len < n - base ? iov[i].iov_len : n - base;
        if (pos < base + seg)
            return (uint8_t *)iov[i].iov_base + (pos - base);
        base += seg;
    }
    return NULL;
}

/* Returns 1 if it flipped. *skip is the claimed block's counter, written back by the caller. */
static int try_pattern(struct fh_flip_ctl *c, int fd, int call, const struct iovec *iov, int cnt,
                       size_t n, uint64_t *skip, uint8_t bit)
{
    uint8_t pat[FLIP_PATMAX];
    uint32_t plen = LD(c->pattern_len);
    if (plen < 1 || plen > FLIP_PATMAX)
        return 0;
    /* Snapshot: the test may rewrite the shared bytes while we search. */
    for (uint32_t i = 0; i < plen; i++)
        pat[i] = LD(c->pattern[i]);
    int64_t off = LD(c->offset);

    size_t base = 0;
    for (int i = 0; i < cnt && base < n; i++) {
        size_t seg = iov[i].iov_len < n - base ? iov[i].iov_len : n - base;
        uint8_t *b = iov[i].iov_base;
        size_t at = 0;
        while (seg - at >= plen) {
            const uint8_t *m = memmem(b + at, seg - at, pat, plen);
            if (!m)
                break;
            size_t moff = (size_t)(m - b);
            at = moff + 1;
            if (*skip) {
                (*skip)--;
                continue;
            }
            int64_t t = (int64_t)moff + off;
            if (t < 0 || (uint64_t)t >= seg)
                continue;
            uint8_t before[16];
            gather(before, sizeof before, iov, cnt, n, base + moff);
            b[t] ^= (uint8_t)(1u << bit);
            record(c, fd, call, n, base + (size_t)t, before);
            return 1;
        }
        base += seg;
    }
    return 0;
}

static int try_size(struct fh_flip_ctl *c, int fd, int call, const struct iovec *iov, int cnt,
                    size_t n, uint64_t *skip, uint8_t bit)
{
    if (*skip) {
        (*skip)--;
        return 0;
    }
    int64_t off = LD(c->offset);
    uint64_t pos = off == -1 ? n / 2 : (uint64_t)off;
    if (off < -1 || pos >= n)
        return 0;
    uint8_t *p = byte_at(iov, cnt, n, pos);
    if (!p)
        return 0;
    uint8_t before[16];
    gather(before, sizeof before, iov, cnt, n, pos);
    *p ^= (uint8_t)(1u << bit);
    record(c, fd, call, n, pos, before);
    return 1;
}

static int family_matches(int fd, uint32_t family)
{
    if (family == 0)
        return 1;
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    memset(&ss, 0, sizeof ss);
    /* Fails with ENOTSOCK for files and pipes, which then never match. */
    if (getsockname(fd, (struct sockaddr *)&ss, &len) != 0 || len < sizeof(sa_family_t))
        return 0;
    return ss.ss_family == family;
}

/* n = bytes actually in the buffers (the return value, capped by their capacity). */
static __attribute__((noinline, cold)) void flip_slow(int fd, int call, const struct iovec *iov,
                                                      int cnt, size_t n)
{
    struct fh_flip_ctl *c = g_ctl;
    if (!c || LD(c->magic) != FLIP_MAGIC)
        return;
    uint32_t expect = ARM_ARMED;
    if (!__atomic_compare_exchange_n(&c->armed, &expect, ARM_CLAIMED, 0,
                                     __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
        return; /* another thread holds this arming */

    int saved = errno; /* getsockname/getpid must not leak into the caller's errno */
    __atomic_fetch_add(&c->seen, 1, __ATOMIC_RELAXED);

    int flipped = 0;
    uint32_t mode = LD(c->mode), bit = LD(c->bit);
    uint64_t min_len = LD(c->min_len), max_len = LD(c->max_len);
    uint64_t skip = LD(c->skip), skip0 = skip;

    if (bit <= 7 && n >= min_len && (max_len == 0 || n <= max_len) &&
        family_matches(fd, LD(c->family))) {
        if (mode == MODE_PATTERN)
            flipped = try_pattern(c, fd, call, iov, cnt, n, &skip, (uint8_t)bit);
        else if (mode == MODE_SIZE)
            flipped = try_size(c, fd, call, iov, cnt, n, &skip, (uint8_t)bit);
    }
    if (skip != skip0)
        ST(c->skip, skip);
    /* Release: the test sees every field above once it reads armed == 0 (or 1). */
    __atomic_store_n(&c->armed, flipped ? ARM_OFF : ARM_ARMED, __ATOMIC_RELEASE);
    errno = saved;
}

/* The only cost when not armed: one relaxed load. */
#define ARMED() __builtin_expect(__atomic_load_n(g_armed, __ATOMIC_RELAXED) == ARM_ARMED, 0)

static void flip_buf(int fd, int call, void *buf, size_t cap, ssize_t r)
{
    struct iovec one = { buf, (size_t)r < cap ? (size_t)r : cap }; /* MSG_TRUNC may return > cap */
    flip_slow(fd, call, &one, 1, one.iov_len);
}

static void flip_iov(int fd, int call, const struct iovec *iov, int cnt, ssize_t r)
{
    size_t cap = 0;
    for (int i = 0; i < cnt; i++)
        cap += iov[i].iov_len;
    flip_slow(fd, call, iov, cnt, (size_t)r < cap ? (size_t)r : cap);
}

/* ---- interposed calls ---------------------------------------------------- */

/* MSG_PEEK data is read again later, so flipping the peeked copy would be lost. */

FH_EXPORT ssize_t recv(int fd, void *buf, size_t len, int flags)
{
    ssize_t r = REAL(recv)(fd, buf, len, flags);
    if (r > 0 && ARMED() && !(flags & MSG_PEEK))
        flip_buf(fd, CALL_RECV, buf, len, r);
    return r;
}

FH_EXPORT ssize_t recvfrom(int fd, void *buf, size_t len, int flags, struct sockaddr *addr,
                           socklen_t *alen)
{
    ssize_t r = REAL(recvfrom)(fd, buf, len, flags, addr, alen);
    if (r > 0 && ARMED() && !(flags & MSG_PEEK))
        flip_buf(fd, CALL_RECVFROM, buf, len, r);
    return r;
}

FH_EXPORT ssize_t recvmsg(int fd, struct msghdr *msg, int flags)
{
    ssize_t r = REAL(recvmsg)(fd, msg, flags);
    if (r > 0 && ARMED() && !(flags & MSG_PEEK) && msg->msg_iovlen <= INT32_MAX)
        flip_iov(fd, CALL_RECVMSG, msg->msg_iov, (int)msg->msg_iovlen, r);
    return r;
}

FH_EXPORT ssize_t read(int fd, void *buf, size_t count)
{
    ssize_t r = REAL(read)(fd, buf, count);
    if (r > 0 && ARMED())
        flip_buf(fd, CALL_READ, buf, count, r);
    return r;
}

FH_EXPORT ssize_t readv(int fd, const struct iovec *iov, int cnt)
{
    ssize_t r = REAL(readv)(fd, iov, cnt);
    if (r > 0 && ARMED())
        flip_iov(fd, CALL_READV, iov, cnt, r);
    return r;
}
