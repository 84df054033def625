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
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

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
} wal_file;

static sqlite3_vfs *unix_vfs;
/* the writes made to WAL files (ad_store_wal_writes), by any thread */
static _Atomic long long writes;

static wal_file *wf(sqlite3_file *f)
{
    return (wal_file *)f;
}

/* Writes what is kept, in calls of at most PIECE bytes (the unix VFS
 * writes no more than 128 KiB a call); SQLITE_OK or SQLite's error. */
static int put_kept(wal_file *w)
{
    int rc = SQLITE_OK;
    for (size_t done = 0; rc == SQLITE_OK && done < w->n; done += PIECE) {
        size_t n = w->n - done < PIECE ? w->n - done : PIECE;
        rc = w->real->pMethods->xWrite(w->real, w->kept + done, (int)n,
                                       w->at + (sqlite3_int64)done);
        writes++;
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
            writes++;
            return rc != SQLITE_OK ? rc : w->real->pMethods->xWrite(w->real, p, amt, off);
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

static int wal_sync(sqlite3_file *f, int flags)
{
    wal_file *w = wf(f);
    int rc = put_kept(w);
    if (w->cap > KEPT_KEEP) { /* a rare large commit's room is given back */
        free(w->kept);
        w->kept = NULL;
        w->cap = 0;
    }
    return rc != SQLITE_OK ? rc : w->real->pMethods->xSync(w->real, flags);
}

static int wal_close(sqlite3_file *f)
{
    wal_file *w = wf(f);
    int rc = put_kept(w);
    int closed = w->real->pMethods->xClose(w->real);
    free(w->kept);
    w->kept = NULL;
    return rc != SQLITE_OK ? rc : closed;
}

static int wal_truncate(sqlite3_file *f, sqlite3_int64 size)
{
    wal_file *w = wf(f);
    int rc = put_kept(w);
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

static int wal_open(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *f, int flags,
                    int *out)
{
    (void)vfs;
    if (!(flags & SQLITE_OPEN_WAL)) /* SQLite's own file, in the room at f */
        return unix_vfs->xOpen(unix_vfs, name, f, flags, out);
    wal_file *w = wf(f);
    memset(w, 0, sizeof *w);
    w->real = (sqlite3_file *)(w + 1);
    int rc = unix_vfs->xOpen(unix_vfs, name, w->real, flags, out);
    w->base.pMethods = rc == SQLITE_OK && w->real->pMethods ? &kept_methods : NULL;
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
