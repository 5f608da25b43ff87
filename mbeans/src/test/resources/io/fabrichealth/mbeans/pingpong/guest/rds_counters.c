/*
 * An independent reader of the kernel's RDS statistics for the guest tests, sharing no code with the agent:
 *   rds_counters save FILE    writes every RDS_INFO_COUNTERS name and value to FILE
 *   rds_counters delta FILE   prints "name delta" for every counter now, against FILE
 * Only <linux/rds.h> and <sys/socket.h>; exits non-zero with a message on any failure.
 */
#include <errno.h>
#include <linux/rds.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef AF_RDS
#define AF_RDS 21
#endif

static struct rds_info_counter *read_counters(size_t *count)
{
	socklen_t len = 0;
	void *buf = NULL;
	int fd = socket(AF_RDS, SOCK_SEQPACKET, 0);
	int each;

	if (fd < 0) {
		perror("socket(AF_RDS)");
		exit(2);
	}
	/* Ask with no room: the kernel answers ENOSPC and the length it needs. */
	for (;;) {
		each = getsockopt(fd, SOL_RDS, RDS_INFO_COUNTERS, buf, &len);
		if (each >= 0)
			break;
		if (errno != ENOSPC) {
			perror("getsockopt(RDS_INFO_COUNTERS)");
			exit(2);
		}
		free(buf);
		buf = malloc(len);
		if (!buf) {
			perror("malloc");
			exit(2);
		}
	}
	close(fd);
	if (each != (int)sizeof(struct rds_info_counter) || len % each) {
		fprintf(stderr, "unexpected RDS_INFO_COUNTERS layout: each %d, len %u\n", each, (unsigned)len);
		exit(2);
	}
	*count = len / each;
	return buf;
}

static int save(const char *path)
{
	size_t n, i;
	struct rds_info_counter *c = read_counters(&n);
	FILE *f = fopen(path, "w");

	if (!f) {
		perror(path);
		return 2;
	}
	for (i = 0; i < n; i++)
		fprintf(f, "%.32s %llu\n", (const char *)c[i].name, (unsigned long long)c[i].value);
	free(c);
	return fclose(f) ? 2 : 0;
}

static int delta(const char *path)
{
	size_t n, i;
	struct rds_info_counter *c = read_counters(&n);
	char name[64];
	unsigned long long value;
	FILE *f = fopen(path, "r");

	if (!f) {
		perror(path);
		return 2;
	}
	for (i = 0; i < n; i++) {
		unsigned long long before = 0;

		rewind(f);
		while (fscanf(f, "%63s %llu", name, &value) == 2) {
			if (strncmp(name, (const char *)c[i].name, sizeof(c[i].name)) == 0) {
				before = value;
				break;
			}
		}
		printf("%.32s %llu\n", (const char *)c[i].name, (unsigned long long)c[i].value - before);
	}
	free(c);
	fclose(f);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "save") == 0)
		return save(argv[2]);
	if (argc == 3 && strcmp(argv[1], "delta") == 0)
		return delta(argv[2]);
	fprintf(stderr, "usage: %s save|delta FILE\n", argv[0]);
	return 1;
}
