/*
 * faultinject: an LD_PRELOAD shim that makes the N-th output call of a process fail, to test what brewstats
 * does when the disk fills up or errs in the middle of writing a report.
 *
 * Build: cc -shared -fPIC -O2 -o libfaultinject.so faultinject.c -ldl   (the Makefile does this)
 * Use:   LD_PRELOAD=.../libfaultinject.so FAULT_PATH=/out/dir FAULT_CALL=write FAULT_N=3 FAULT_ERRNO=ENOSPC cmd…
 *
 * Environment:
 *   FAULT_PATH   Only calls on paths under this prefix count (for write/fsync/fdatasync/syncfs: the file the descriptor
 *                is open on, from /proc/self/fd). Required: without it the shim does nothing, so the journal read,
 *                fonts, standard error etc. are never touched.
 *   FAULT_CALL   Which calls count: a comma-separated list of write, fsync, rename, mkdir, openat, unlink
 *                ("openat" covers open/open64/openat/openat64/creat with a flag that creates or writes;
 *                "write" covers write/pwrite/writev; "fsync" covers fsync/fdatasync/syncfs; "rename" covers
 *                rename/renameat/renameat2; "unlink" covers unlink/unlinkat/rmdir). Default: all.
 *   FAULT_N      The 1-based index, among the counted calls, of the one that fails (0 or unset: none fails).
 *   FAULT_ERRNO  ENOSPC (default), EIO, EROFS, EACCES or a number.
 *   FAULT_STICKY 1: every counted call from the N-th on fails (a disk that stays full); default only the N-th.
 *   FAULT_COUNT_FILE  When set, the number of counted calls is written there at exit (to choose N).
 *
 * Stopping at a chosen moment instead of failing (to test the windows between two steps):
 *   FAULT_RAISE  A signal (KILL, TERM, INT, STOP or a number) that the process sends itself at the N-th counted call,
 *                instead of failing it: before the call, or after it with FAULT_RAISE_WHEN=after. A kill at the N-th
 *                rename is a crash exactly between that rename and the one before.
 *   FAULT_HOLD_MS  For a signal the process survives (TERM, INT handled by it; STOP once continued), the calling
 *                thread then waits this long before going on, so the process's own handler runs first.
 *   FAULT_NO_EXCHANGE  1: renameat2 with RENAME_EXCHANGE fails with EINVAL without counting, as on a file system
 *                that cannot swap two entries (the caller's fallback path).
 *
 * A journal that changes while it is read (another program rewriting or removing it):
 *   FAULT_MMAP_PATH    When a file at exactly this path is memory-mapped, right after the mapping is made:
 *   FAULT_MMAP_ACTION  "truncate:SIZE" cuts the file to SIZE bytes (reading the mapping past the new end then
 *                      raises SIGBUS), "unlink" removes it (the mapping stays readable).
 *
 * A failed call does nothing and returns -1 with errno set, as the kernel would.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

enum { C_WRITE = 1, C_FSYNC = 2, C_RENAME = 4, C_MKDIR = 8, C_OPEN = 16, C_UNLINK = 32 };

static const char *prefix;
static size_t prefix_len;
static int calls = C_WRITE | C_FSYNC | C_RENAME | C_MKDIR | C_OPEN | C_UNLINK;
static long fail_at;
static int fail_errno = ENOSPC;
static int sticky;
static const char *count_file;
static atomic_long counted;
static const char *mmap_path;
static const char *mmap_action;
static atomic_int mmap_done;
static int raise_signal;
static int raise_after;
static long hold_ms;
static int no_exchange;

static void report_count(void) {
    if (!count_file) return;
    FILE *f = fopen(count_file, "w");
    if (!f) return;
    fprintf(f, "%ld\n", atomic_load(&counted));
    fclose(f);
}

__attribute__((constructor)) static void setup(void) {
    prefix = getenv("FAULT_PATH");
    if (prefix && *prefix) prefix_len = strlen(prefix); else prefix = NULL;
    const char *list = getenv("FAULT_CALL");
    if (list && *list) {
        calls = 0;
        if (strstr(list, "write")) calls |= C_WRITE;
        if (strstr(list, "fsync")) calls |= C_FSYNC;
        if (strstr(list, "rename")) calls |= C_RENAME;
        if (strstr(list, "mkdir")) calls |= C_MKDIR;
        if (strstr(list, "open")) calls |= C_OPEN;
        if (strstr(list, "unlink")) calls |= C_UNLINK;
    }
    const char *n = getenv("FAULT_N");
    fail_at = n ? atol(n) : 0;
    const char *e = getenv("FAULT_ERRNO");
    if (e && *e) {
        if (!strcmp(e, "ENOSPC")) fail_errno = ENOSPC;
        else if (!strcmp(e, "EIO")) fail_errno = EIO;
        else if (!strcmp(e, "EROFS")) fail_errno = EROFS;
        else if (!strcmp(e, "EACCES")) fail_errno = EACCES;
        else fail_errno = atoi(e);
    }
    const char *s = getenv("FAULT_STICKY");
    sticky = s && !strcmp(s, "1");
    count_file = getenv("FAULT_COUNT_FILE");
    const char *r = getenv("FAULT_RAISE");
    if (r && *r) {
        if (!strcmp(r, "KILL")) raise_signal = SIGKILL;
        else if (!strcmp(r, "TERM")) raise_signal = SIGTERM;
        else if (!strcmp(r, "INT")) raise_signal = SIGINT;
        else if (!strcmp(r, "STOP")) raise_signal = SIGSTOP;
        else raise_signal = atoi(r);
    }
    const char *when = getenv("FAULT_RAISE_WHEN");
    raise_after = when && !strcmp(when, "after");
    const char *hold = getenv("FAULT_HOLD_MS");
    hold_ms = hold ? atol(hold) : 0;
    const char *x = getenv("FAULT_NO_EXCHANGE");
    no_exchange = x && !strcmp(x, "1");
    mmap_path = getenv("FAULT_MMAP_PATH");
    mmap_action = getenv("FAULT_MMAP_ACTION");
    if (count_file) atexit(report_count);
    /* Child processes (none expected) would count on their own: keep the shim out of them. */
    unsetenv("LD_PRELOAD");
}

/* Whether `path` (absolute, or relative to the working folder or to `dirfd`) lies under FAULT_PATH. */
static int under_prefix_at(int dirfd, const char *path) {
    if (!prefix || !path) return 0;
    char full[PATH_MAX * 2];
    if (path[0] == '/') {
        snprintf(full, sizeof full, "%s", path);
    } else {
        char base[PATH_MAX];
        if (dirfd == AT_FDCWD) {
            if (!getcwd(base, sizeof base)) return 0;
        } else {
            char link[64];
            snprintf(link, sizeof link, "/proc/self/fd/%d", dirfd);
            ssize_t k = readlink(link, base, sizeof base - 1);
            if (k < 0) return 0;
            base[k] = 0;
        }
        snprintf(full, sizeof full, "%s/%s", base, path);
    }
    return strncmp(full, prefix, prefix_len) == 0 &&
           (full[prefix_len] == 0 || full[prefix_len] == '/' || prefix[prefix_len - 1] == '/');
}

static int fd_under_prefix(int fd) {
    if (!prefix || fd < 0) return 0;
    char link[64], target[PATH_MAX];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t k = readlink(link, target, sizeof target - 1);
    if (k < 0) return 0;
    target[k] = 0;
    return under_prefix_at(AT_FDCWD, target);
}

/* Sends FAULT_RAISE to the process, then holds the calling thread for FAULT_HOLD_MS (errno is kept). */
static void raise_now(void) {
    int saved = errno;
    kill(getpid(), raise_signal);
    if (hold_ms > 0) {
        struct timespec t = {hold_ms / 1000, (hold_ms % 1000) * 1000000L};
        while (nanosleep(&t, &t) != 0 && errno == EINTR) {}
    }
    errno = saved;
}

/* Whether the call the last should_fail counted is the one after which FAULT_RAISE is sent (thread-local). */
static __thread int raise_pending;

/* Counts one call of kind `kind` that concerns the prefix; returns 1 when it must fail (errno is then set).
 * With FAULT_RAISE the N-th call raises instead (now, or through after_call once it is done) and never fails. */
static int should_fail(int kind, int concerns) {
    raise_pending = 0;
    if (!(calls & kind) || !concerns) return 0;
    long k = atomic_fetch_add(&counted, 1) + 1;
    if (raise_signal && fail_at > 0 && k == fail_at) {
        if (raise_after) raise_pending = 1; else raise_now();
        return 0;
    }
    if (!raise_signal && fail_at > 0 && (k == fail_at || (sticky && k > fail_at))) {
        errno = fail_errno;
        return 1;
    }
    return 0;
}

/* Returns `result` of a call that went through, after raising FAULT_RAISE when it was the N-th and
   FAULT_RAISE_WHEN=after. */
static long after_call(long result) {
    if (raise_pending) { raise_pending = 0; raise_now(); }
    return result;
}

#define REAL(name, ret, ...) \
    static ret (*real_##name)(__VA_ARGS__); \
    if (!real_##name) real_##name = (ret (*)(__VA_ARGS__))dlsym(RTLD_NEXT, #name)

ssize_t write(int fd, const void *buf, size_t n) {
    REAL(write, ssize_t, int, const void *, size_t);
    if (fd > 2 && should_fail(C_WRITE, fd_under_prefix(fd))) return -1;
    return after_call(real_write(fd, buf, n));
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t off) {
    REAL(pwrite, ssize_t, int, const void *, size_t, off_t);
    if (fd > 2 && should_fail(C_WRITE, fd_under_prefix(fd))) return -1;
    return after_call(real_pwrite(fd, buf, n, off));
}

ssize_t pwrite64(int fd, const void *buf, size_t n, off_t off) {
    REAL(pwrite64, ssize_t, int, const void *, size_t, off_t);
    if (fd > 2 && should_fail(C_WRITE, fd_under_prefix(fd))) return -1;
    return after_call(real_pwrite64(fd, buf, n, off));
}

ssize_t writev(int fd, const struct iovec *iov, int count) {
    REAL(writev, ssize_t, int, const struct iovec *, int);
    if (fd > 2 && should_fail(C_WRITE, fd_under_prefix(fd))) return -1;
    return after_call(real_writev(fd, iov, count));
}

int fsync(int fd) {
    REAL(fsync, int, int);
    if (should_fail(C_FSYNC, fd_under_prefix(fd))) return -1;
    return after_call(real_fsync(fd));
}

int fdatasync(int fd) {
    REAL(fdatasync, int, int);
    if (should_fail(C_FSYNC, fd_under_prefix(fd))) return -1;
    return after_call(real_fdatasync(fd));
}

/* syncfs flushes a whole file system; it counts when the descriptor (a staged folder) is under FAULT_PATH. */
int syncfs(int fd) {
    REAL(syncfs, int, int);
    if (should_fail(C_FSYNC, fd_under_prefix(fd))) return -1;
    return after_call(real_syncfs(fd));
}

int rename(const char *from, const char *to) {
    REAL(rename, int, const char *, const char *);
    if (should_fail(C_RENAME, under_prefix_at(AT_FDCWD, from) || under_prefix_at(AT_FDCWD, to))) return -1;
    return after_call(real_rename(from, to));
}

int renameat(int fd1, const char *from, int fd2, const char *to) {
    REAL(renameat, int, int, const char *, int, const char *);
    if (should_fail(C_RENAME, under_prefix_at(fd1, from) || under_prefix_at(fd2, to))) return -1;
    return after_call(real_renameat(fd1, from, fd2, to));
}

int renameat2(int fd1, const char *from, int fd2, const char *to, unsigned flags) {
    REAL(renameat2, int, int, const char *, int, const char *, unsigned);
    if (no_exchange && (flags & RENAME_EXCHANGE)) { errno = EINVAL; return -1; }
    if (should_fail(C_RENAME, under_prefix_at(fd1, from) || under_prefix_at(fd2, to))) return -1;
    return after_call(real_renameat2(fd1, from, fd2, to, flags));
}

int mkdir(const char *path, mode_t mode) {
    REAL(mkdir, int, const char *, mode_t);
    if (should_fail(C_MKDIR, under_prefix_at(AT_FDCWD, path))) return -1;
    return after_call(real_mkdir(path, mode));
}

int mkdirat(int fd, const char *path, mode_t mode) {
    REAL(mkdirat, int, int, const char *, mode_t);
    if (should_fail(C_MKDIR, under_prefix_at(fd, path))) return -1;
    return after_call(real_mkdirat(fd, path, mode));
}

int unlink(const char *path) {
    REAL(unlink, int, const char *);
    if (should_fail(C_UNLINK, under_prefix_at(AT_FDCWD, path))) return -1;
    return after_call(real_unlink(path));
}

int unlinkat(int fd, const char *path, int flags) {
    REAL(unlinkat, int, int, const char *, int);
    if (should_fail(C_UNLINK, under_prefix_at(fd, path))) return -1;
    return after_call(real_unlinkat(fd, path, flags));
}

int rmdir(const char *path) {
    REAL(rmdir, int, const char *);
    if (should_fail(C_UNLINK, under_prefix_at(AT_FDCWD, path))) return -1;
    return after_call(real_rmdir(path));
}

/* Opens that create or write count; read-only opens pass (the journal, fonts, the old report being listed). */
static int writes(int flags) { return (flags & (O_CREAT | O_WRONLY | O_RDWR | O_TRUNC)) != 0; }

#define OPEN_MODE(flags) \
    mode_t mode = 0; \
    if ((flags) & (O_CREAT | O_TMPFILE)) { va_list ap; va_start(ap, flags); mode = va_arg(ap, mode_t); va_end(ap); }

int open(const char *path, int flags, ...) {
    OPEN_MODE(flags);
    REAL(open, int, const char *, int, ...);
    if (writes(flags) && should_fail(C_OPEN, under_prefix_at(AT_FDCWD, path))) return -1;
    return after_call(real_open(path, flags, mode));
}

int open64(const char *path, int flags, ...) {
    OPEN_MODE(flags);
    REAL(open64, int, const char *, int, ...);
    if (writes(flags) && should_fail(C_OPEN, under_prefix_at(AT_FDCWD, path))) return -1;
    return after_call(real_open64(path, flags, mode));
}

int openat(int fd, const char *path, int flags, ...) {
    OPEN_MODE(flags);
    REAL(openat, int, int, const char *, int, ...);
    if (writes(flags) && should_fail(C_OPEN, under_prefix_at(fd, path))) return -1;
    return after_call(real_openat(fd, path, flags, mode));
}

int openat64(int fd, const char *path, int flags, ...) {
    OPEN_MODE(flags);
    REAL(openat64, int, int, const char *, int, ...);
    if (writes(flags) && should_fail(C_OPEN, under_prefix_at(fd, path))) return -1;
    return after_call(real_openat64(fd, path, flags, mode));
}

int creat(const char *path, mode_t mode) {
    REAL(creat, int, const char *, mode_t);
    if (should_fail(C_OPEN, under_prefix_at(AT_FDCWD, path))) return -1;
    return after_call(real_creat(path, mode));
}

int creat64(const char *path, mode_t mode) {
    REAL(creat64, int, const char *, mode_t);
    if (should_fail(C_OPEN, under_prefix_at(AT_FDCWD, path))) return -1;
    return after_call(real_creat64(path, mode));
}

/* After the first mapping of FAULT_MMAP_PATH, changes the file as FAULT_MMAP_ACTION says (once per process). */
static void after_mmap(void *result, int fd) {
    if (result == MAP_FAILED || fd < 0 || !mmap_path || !mmap_action) return;
    char link[64], target[PATH_MAX];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t k = readlink(link, target, sizeof target - 1);
    if (k < 0) return;
    target[k] = 0;
    if (strcmp(target, mmap_path) != 0 || atomic_exchange(&mmap_done, 1)) return;
    if (!strncmp(mmap_action, "truncate:", 9)) {
        if (truncate(mmap_path, atol(mmap_action + 9)) != 0) perror("faultinject: truncate");
    } else if (!strcmp(mmap_action, "unlink")) {
        REAL(unlink, int, const char *);
        if (real_unlink(mmap_path) != 0) perror("faultinject: unlink");
    }
}

void *mmap(void *addr, size_t n, int prot, int flags, int fd, off_t off) {
    REAL(mmap, void *, void *, size_t, int, int, int, off_t);
    void *result = real_mmap(addr, n, prot, flags, fd, off);
    after_mmap(result, fd);
    return result;
}

void *mmap64(void *addr, size_t n, int prot, int flags, int fd, off_t off) {
    REAL(mmap64, void *, void *, size_t, int, int, int, off_t);
    void *result = real_mmap64(addr, n, prot, flags, fd, off);
    after_mmap(result, fd);
    return result;
}
