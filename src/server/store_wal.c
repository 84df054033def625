/*
 * store_wal.c - the SQLite store's WAL written in one piece a commit: a
 * VFS over SQLite's own (unix) that keeps the writes SQLite makes to a
 * WAL file, one after another, in memory until it syncs the file, and
 * then writes them with one call.  Why: SQLite writes each frame of a
 * commit as two writes (its 24-byte header, then the page), so a pass of
 * the server's loop made some 60 pwrite(2)s, each touching two or three
 * pages of the kernel's cache (a frame is 4,120 bytes); a write of up to
 * 120 KiB touches each page once (bench/notes/2026-11-28-p2-store-cost.md).
 *
 * What SQLite relies on stays true: nothing of a commit is on disk before
 * its sync (as a crash before the writes would leave it), the sync
 * returns only once everything written before it is on disk, and a read
 * of the file sees every write made before it (a read, a size, a
 * truncation or a close writes the kept bytes first).  A write that
 * fails at the sync fails the sync: SQLite rolls the commit back.  The
 * database file and the journals other than the WAL are SQLite's own.
 *
 * The sync itself, on ext4 without a journal (Linux): SQLite's fdatasync
 * of the WAL writes, besides the commit's pages and the disk's flush, the
 * block of the inode table that holds the WAL's inode, because each
 * commit's writes change its modification time and that file system
 * writes the block with any sync of an inode in it.  A commit that only
 * overwrites bytes of the WAL that a full sync of this opening already
 * put on disk (the WAL starts over from its beginning after each
 * checkpoint, and is not truncated) needs no metadata: its blocks and
 * where they lie are on disk.  Such a sync writes and waits for the
 * commit's pages (sync_file_range(2)) and then flushes the disk's cache by
 * an fsync of the file system's root directory, which has nothing to
 * write: one write and one flush, where fdatasync made a second write
 * and waited for it (bench/notes/2026-12-01-round-twenty-five.md).  Any
 * other sync is SQLite's own: one that goes past those bytes, the first
 * of an opening, one after the file was made shorter (by this opening or
 * another), and every sync on another file system (with a journal,
 * fdatasync skips the inode already; on a file system that copies on
 * write, an overwrite is not in place).
 */
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#endif

#include <sqlite3.h>

#include "store_backend.h"

#define WAL_VFS "alphadeck-wal"
#define KEPT_MAX (8 << 20)  /* a larger commit is written in pieces of this */
#define KEPT_KEEP (1 << 20) /* room kept between commits, at most */
#define PIECE (120 << 10)   /* bytes a write, at most */

typedef struct wal_file {
    sqlite3_file base;  /* base.pMethods is kept_methods */
    sqlite3_file *real; /* the unix VFS's file, right after this struct */
    unsigned char *kept;
    size_t n, cap;
    sqlite3_int64 at; /* the file offset of kept[0] */
    int fd;           /* the WAL again, for sync_file_range(2) (-1: none) */
    int flush_fd;     /* its file system's root, whose fsync flushes the disk
                         (-1: every sync is SQLite's) */
    sqlite3_int64 lo, hi; /* the bytes written since the last sync */
    sqlite3_int64 on_disk; /* the file's size at this opening's last full
                              sync: blocks and their places on disk */
} wal_file;

static sqlite3_vfs *unix_vfs;
/* the writes made to WAL files (ad_store_wal_writes), by any thread */
static _Atomic long long writes;
/* its syncs: SQLite's own, and those of a commit's pages and a flush */
static _Atomic long long full_syncs, data_syncs;

static wal_file *wf(sqlite3_file *f)
{
    return (wal_file *)f;
}

/* A write of n bytes at off: the range the next sync must put on disk. */
static int put(wal_file *w, const void *p, size_t n, sqlite3_int64 off)
{
    sqlite3_int64 end = off + (sqlite3_int64)n;
    if (w->hi <= w->lo) {
        w->lo = off;
        w->hi = end;
    } else {
        w->lo = off < w->lo ? off : w->lo;
        w->hi = end > w->hi ? end : w->hi;
    }
    writes++;
    return w->real->pMethods->xWrite(w->real, p, (int)n, off);
}

/* Writes what is kept, in calls of at most PIECE bytes (the unix VFS
 * writes no more than 128 KiB a call); SQLITE_OK or SQLite's error. */
static int put_kept(wal_file *w)
{
    int rc = SQLITE_OK;
    for (size_t done = 0; rc == SQLITE_OK && done < w->n; done += PIECE) {
        size_t n = w->n - done < PIECE ? w->n - done : PIECE;
        rc = put(w, w->kept + done, n, w->at + (sqlite3_int64)done);
    }
    w->n = 0;
    return rc;
}

static int keep(wal_file *w, const void *p, int amt, sqlite3_int64 off)
{
    if (w->n + (size_t)amt > w->cap) {
        size_t cap = w->cap ? w->cap : 64 << 10;
        while (cap < w->n + (size_t)amt)
            cap *= 2;
        unsigned char *bigger = realloc(w->kept, cap);
        if (!bigger) { /* no room: written now, as SQLite would */
            int rc = put_kept(w);
            return rc != SQLITE_OK ? rc : put(w, p, (size_t)amt, off);
        }
        w->kept = bigger;
        w->cap = cap;
    }
    if (w->n == 0)
        w->at = off;
    memcpy(w->kept + w->n, p, (size_t)amt);
    w->n += (size_t)amt;
    return SQLITE_OK;
}

static int wal_write(sqlite3_file *f, const void *p, int amt, sqlite3_int64 off)
{
    wal_file *w = wf(f);
    /* only a write that continues the kept bytes joins them */
    if (w->n && (off != w->at + (sqlite3_int64)w->n || w->n + (size_t)amt > KEPT_MAX)) {
        int rc = put_kept(w);
        if (rc != SQLITE_OK)
            return rc;
    }
    return keep(w, p, amt, off);
}

static int wal_read(sqlite3_file *f, void *p, int amt, sqlite3_int64 off)
{
    wal_file *w = wf(f);
    if (w->n && off < w->at + (sqlite3_int64)w->n && off + amt > w->at) {
        int rc = put_kept(w);
        if (rc != SQLITE_OK)
            return rc;
    }
    return w->real->pMethods->xRead(w->real, p, amt, off);
}

#ifdef __linux__
/* Whether what was written since the last sync lies within the bytes a
 * full sync put on disk, in a file still that long: its sync needs no
 * metadata.  The writes must end short of that length: a file made
 * shorter since (by any opening, or another process) and written again
 * only by this opening cannot be that long again, so its size tells,
 * whatever SQLite syncs on the way (it syncs the header of a WAL started
 * over on its own, which then takes the long way). */
static int overwrote_on_disk(const wal_file *w)
{
    struct stat st;
    return w->flush_fd >= 0 && w->hi > w->lo && w->hi < w->on_disk &&
           fstat(w->fd, &st) == 0 && st.st_size >= w->on_disk;
}
#endif

static int wal_sync(sqlite3_file *f, int flags)
{
    wal_file *w = wf(f);
    int rc = put_kept(w);
    if (w->cap > KEPT_KEEP) { /* a rare large commit's room is given back */
        free(w->kept);
        w->kept = NULL;
        w->cap = 0;
    }
    if (rc != SQLITE_OK)
        return rc;
#ifdef __linux__
    if (overwrote_on_disk(w)) {
        data_syncs++;
        if (sync_file_range(w->fd, w->lo, w->hi - w->lo,
                            SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE |
                                SYNC_FILE_RANGE_WAIT_AFTER) != 0 ||
            fsync(w->flush_fd) != 0) {
            w->on_disk = 0; /* SQLite's own syncs from now on */
            return SQLITE_IOERR_FSYNC;
        }
        w->lo = w->hi = 0;
        return SQLITE_OK;
    }
#endif
    sqlite3_int64 size = 0;
    full_syncs++;
    rc = w->real->pMethods->xFileSize(w->real, &size);
    if (rc == SQLITE_OK)
        rc = w->real->pMethods->xSync(w->real, flags);
    if (rc != SQLITE_OK) {
        w->on_disk = 0;
        return rc;
    }
    w->on_disk = size;
    w->lo = w->hi = 0;
    return SQLITE_OK;
}

static int wal_close(sqlite3_file *f)
{
    wal_file *w = wf(f);
    int rc = put_kept(w);
    int closed = w->real->pMethods->xClose(w->real);
    free(w->kept);
    w->kept = NULL;
    if (w->fd >= 0)
        close(w->fd);
    if (w->flush_fd >= 0)
        close(w->flush_fd);
    w->fd = w->flush_fd = -1;
    return rc != SQLITE_OK ? rc : closed;
}

static int wal_truncate(sqlite3_file *f, sqlite3_int64 size)
{
    wal_file *w = wf(f);
    int rc = put_kept(w);
    if (size < w->on_disk)
        w->on_disk = size; /* blocks past it are given back */
    return rc != SQLITE_OK ? rc : w->real->pMethods->xTruncate(w->real, size);
}

static int wal_size(sqlite3_file *f, sqlite3_int64 *size)
{
    wal_file *w = wf(f);
    int rc = put_kept(w);
    return rc != SQLITE_OK ? rc : w->real->pMethods->xFileSize(w->real, size);
}

/* The rest: SQLite's own, on the real file. */
#define REAL(w) (wf(w)->real)
static int wal_lock(sqlite3_file *f, int l) { return REAL(f)->pMethods->xLock(REAL(f), l); }
static int wal_unlock(sqlite3_file *f, int l) { return REAL(f)->pMethods->xUnlock(REAL(f), l); }
static int wal_reserved(sqlite3_file *f, int *out)
{
    return REAL(f)->pMethods->xCheckReservedLock(REAL(f), out);
}
static int wal_control(sqlite3_file *f, int op, void *arg)
{
    int rc = put_kept(wf(f)); /* a size hint, say, sees the file as written */
    return rc != SQLITE_OK ? rc : REAL(f)->pMethods->xFileControl(REAL(f), op, arg);
}
static int wal_sector(sqlite3_file *f) { return REAL(f)->pMethods->xSectorSize(REAL(f)); }
static int wal_device(sqlite3_file *f)
{
    return REAL(f)->pMethods->xDeviceCharacteristics(REAL(f));
}

/* A WAL file has no shared memory or mapping of its own (the -shm file
 * and the database's mapping are the database file's): version 1. */
static const sqlite3_io_methods kept_methods = {
    .iVersion = 1,
    .xClose = wal_close,
    .xRead = wal_read,
    .xWrite = wal_write,
    .xTruncate = wal_truncate,
    .xSync = wal_sync,
    .xFileSize = wal_size,
    .xLock = wal_lock,
    .xUnlock = wal_unlock,
    .xCheckReservedLock = wal_reserved,
    .xFileControl = wal_control,
    .xSectorSize = wal_sector,
    .xDeviceCharacteristics = wal_device,
};

#ifdef __linux__
/* The mount point of the file system on device dev, from mountinfo (the
 * one of its root if it is mounted more than once); 0 if none. */
static int mount_point(dev_t dev, char *out, size_t cap)
{
    FILE *m = fopen("/proc/self/mountinfo", "re");
    if (!m)
        return 0;
    char want[32], line[4096], mdev[32], root[PATH_MAX], at[PATH_MAX];
    snprintf(want, sizeof want, "%u:%u", major(dev), minor(dev));
    int found = 0;
    while (found < 2 && fgets(line, sizeof line, m)) {
        if (sscanf(line, "%*s %*s %31s %4095s %4095s", mdev, root, at) != 3 ||
            strcmp(mdev, want) != 0 || (found && strcmp(root, "/") != 0))
            continue;
        /* mountinfo writes a space, a tab, a newline and a backslash as
         * \ooo */
        size_t n = 0;
        for (const char *p = at; *p && n + 1 < cap; n++) {
            if (p[0] == '\\' && p[1] >= '0' && p[1] <= '3' && p[2] >= '0' && p[2] <= '7' &&
                p[3] >= '0' && p[3] <= '7') {
                out[n] = (char)((p[1] - '0') * 64 + (p[2] - '0') * 8 + (p[3] - '0'));
                p += 4;
            } else {
                out[n] = *p++;
            }
        }
        out[n] = 0;
        found = strcmp(root, "/") == 0 ? 2 : 1;
    }
    fclose(m);
    return found;
}

/* Whether the ext4 file system on device dev has no journal: its options
 * name no data= mode (ordered, writeback or journal). */
static int ext4_without_journal(dev_t dev)
{
    char link[64], to[PATH_MAX], path[PATH_MAX + 32], opts[4096];
    snprintf(link, sizeof link, "/sys/dev/block/%u:%u", major(dev), minor(dev));
    ssize_t n = readlink(link, to, sizeof to - 1);
    if (n <= 0)
        return 0;
    to[n] = 0;
    const char *name = strrchr(to, '/');
    snprintf(path, sizeof path, "/proc/fs/ext4/%s/options", name ? name + 1 : to);
    FILE *f = fopen(path, "re");
    if (!f)
        return 0;
    size_t got = fread(opts, 1, sizeof opts - 1, f);
    fclose(f);
    opts[got] = 0;
    return got > 0 && !strstr(opts, "data=");
}
#endif

/* The descriptors a WAL's sync of its pages and a flush needs (above),
 * when its file system is ext4 without a journal; else both -1.  A second
 * descriptor of the file is safe to close: SQLite takes no POSIX lock on
 * a WAL (its locks are on the -shm file), which a close would drop. */
static void data_sync_open(wal_file *w, const char *name)
{
    w->fd = w->flush_fd = -1;
#ifdef __linux__
    struct statfs fs;
    struct stat st, rs;
    char root[PATH_MAX];
    int fd = open(name, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    if (fstatfs(fd, &fs) != 0 || fs.f_type != 0xEF53 /* ext4 */ || fstat(fd, &st) != 0 ||
        !ext4_without_journal(st.st_dev) || !mount_point(st.st_dev, root, sizeof root)) {
        close(fd);
        return;
    }
    int r = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (r < 0 || fstat(r, &rs) != 0 || rs.st_dev != st.st_dev) { /* the same disk, or none */
        if (r >= 0)
            close(r);
        close(fd);
        return;
    }
    w->fd = fd;
    w->flush_fd = r;
#else
    (void)name;
#endif
}

static int wal_open(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *f, int flags,
                    int *out)
{
    (void)vfs;
    if (!(flags & SQLITE_OPEN_WAL)) /* SQLite's own file, in the room at f */
        return unix_vfs->xOpen(unix_vfs, name, f, flags, out);
    wal_file *w = wf(f);
    memset(w, 0, sizeof *w);
    w->fd = w->flush_fd = -1;
    w->real = (sqlite3_file *)(w + 1);
    int rc = unix_vfs->xOpen(unix_vfs, name, w->real, flags, out);
    w->base.pMethods = rc == SQLITE_OK && w->real->pMethods ? &kept_methods : NULL;
    if (w->base.pMethods && name)
        data_sync_open(w, name);
    return rc;
}

static sqlite3_vfs wal_vfs;
static int registered;

static void register_vfs(void)
{
    unix_vfs = sqlite3_vfs_find(NULL);
    if (!unix_vfs || unix_vfs->iVersion < 1)
        return;
    wal_vfs = *unix_vfs; /* every call but xOpen is the unix VFS's */
    wal_vfs.zName = WAL_VFS;
    wal_vfs.pNext = NULL;
    wal_vfs.szOsFile = (int)sizeof(wal_file) + unix_vfs->szOsFile;
    wal_vfs.xOpen = wal_open;
    registered = sqlite3_vfs_register(&wal_vfs, 0) == SQLITE_OK;
}

const char *ad_store_wal_vfs(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, register_vfs);
    return registered ? WAL_VFS : NULL;
}

long long ad_store_wal_writes(void)
{
    return writes;
}

int ad_store_wal_pages_alone(const char *path)
{
    wal_file w;
    data_sync_open(&w, path);
    int yes = w.flush_fd >= 0;
    if (w.fd >= 0)
        close(w.fd);
    if (w.flush_fd >= 0)
        close(w.flush_fd);
    return yes;
}

long long ad_store_wal_syncs(long long *data_only)
{
    if (data_only)
        *data_only = data_syncs;
    return full_syncs + data_syncs;
}
