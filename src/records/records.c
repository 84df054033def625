/*
 * records.c - saving a game's record (alphadeck/records.h).  A
 * record is written to a temporary file in the directory it is meant for,
 * flushed to disk, and only then given its name, so a crash leaves either
 * the whole record or none.  A new file in the records directory is named
 * with link(), which fails rather than replace a file of the same name.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "alphadeck/records.h"

int ad_record_dir(char *buf, size_t len, ad_err *err)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    int n;
    /* the XDG spec: a relative XDG_DATA_HOME is invalid and is ignored */
    if (xdg && xdg[0] == '/')
        n = snprintf(buf, len, "%s/alphadeck/games", xdg);
    else if (home && home[0] == '/')
        n = snprintf(buf, len, "%s/.local/share/alphadeck/games", home);
    else
        return ad_err_set(err, AD_E_IO,
                          "there is nowhere to keep the record: neither XDG_DATA_HOME nor HOME "
                          "is an absolute path (give --save FILE)");
    if (n < 0 || (size_t)n >= len)
        return ad_err_set(err, AD_E_IO, "the records directory's path is too long");
    return 0;
}

/* mkdir -p, new directories 0700 as the XDG spec asks. */
static int make_dirs(const char *path, ad_err *err)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1;; p++) {
        if (*p != '/' && *p != 0)
            continue;
        char c = *p;
        *p = 0;
        if (mkdir(buf, 0700) < 0 && errno != EEXIST)
            return ad_err_set(err, AD_E_IO, "could not create the directory %s: %s", buf,
                              strerror(errno));
        *p = c;
        if (!c)
            break;
    }
    struct stat sb;
    if (stat(path, &sb) < 0 || !S_ISDIR(sb.st_mode))
        return ad_err_set(err, AD_E_IO, "%s is not a directory", path);
    return 0;
}

/* The directory part of path ("." when it has none). */
static void dir_of(const char *path, char *buf, size_t len)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(buf, len, ".");
    else if (slash == path)
        snprintf(buf, len, "/");
    else
        snprintf(buf, len, "%.*s", (int)(slash - path), path);
}

static void sync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

/* Writes the record to a new temporary file in dir; its path goes to tmp. */
static int write_temp(const json_t *rec, const char *dir, char *tmp, size_t len,
                      const char *target, ad_err *err)
{
    if ((size_t)snprintf(tmp, len, "%s/.alphadeck-record-XXXXXX", dir) >= len)
        return ad_err_set(err, AD_E_IO, "could not write the record to %s: the path is too long",
                          target);
    int fd = mkstemp(tmp);
    if (fd < 0)
        return ad_err_set(err, AD_E_IO, "could not write the record to %s: %s", target,
                          strerror(errno));
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask); /* as if created plainly, not mkstemp's 0600 */
    FILE *f = fdopen(fd, "w");
    int bad = !f || json_dumpf(rec, f, JSON_COMPACT) != 0 || fputc('\n', f) == EOF ||
              fflush(f) != 0 || fsync(fd) != 0;
    int saved_errno = errno;
    if (f ? fclose(f) != 0 : close(fd) != 0)
        bad = bad ? bad : (saved_errno = errno, 1);
    if (bad) {
        unlink(tmp);
        return ad_err_set(err, AD_E_IO, "could not write the record to %s: %s", target,
                          strerror(saved_errno ? saved_errno : EIO));
    }
    return 0;
}

/* Gives tmp the name path without replacing a file: 0, 1 when path is
 * taken, -1 on any other failure (errno set). */
static int name_new(const char *tmp, const char *path)
{
    if (link(tmp, path) == 0)
        return 0;
    if (errno == EEXIST)
        return 1;
    if (errno != EPERM && errno != ENOTSUP && errno != ENOSYS && errno != EMLINK)
        return -1;
    /* a file system without hard links: claim the name, then fill it */
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
    if (fd < 0)
        return errno == EEXIST ? 1 : -1;
    close(fd);
    return rename(tmp, path) == 0 ? 0 : -1;
}

static int save_new(const json_t *rec, char *saved, size_t len, ad_err *err)
{
    char dir[3072], tmp[4096];
    if (ad_record_dir(dir, sizeof dir, err) < 0 || make_dirs(dir, err) < 0)
        return -1;
    char stamp[32];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M%S", &tm);
    char base[3200];
    /* the file's name tells the game and its seed, from the record's own
     * new request (a seed past 2^63 is kept there as a decimal string) */
    const json_t *req = json_object_get(rec, "new"), *game = json_object_get(req, "game");
    uint64_t seed = 0;
    ad_err ignored;
    if (ad_seed_from_json(json_object_get(req, "seed"), &seed, &ignored) < 0)
        seed = 0;
    snprintf(base, sizeof base, "%s/%s-%s-s%llu", dir, stamp,
             json_is_string(game) ? json_string_value(game) : "game", (unsigned long long)seed);
    if (write_temp(rec, dir, tmp, sizeof tmp, dir, err) < 0)
        return -1;
    for (int i = 1; i < 1000; i++) {
        char path[3300];
        if (i == 1)
            snprintf(path, sizeof path, "%s.json", base);
        else
            snprintf(path, sizeof path, "%s-%d.json", base, i);
        int rc = name_new(tmp, path);
        if (rc == 1)
            continue;
        int e = errno;
        unlink(tmp); /* after a link: the temporary name; after a rename: nothing */
        if (rc < 0)
            return ad_err_set(err, AD_E_IO, "could not write the record to %s: %s", path,
                              strerror(e));
        sync_dir(dir);
        snprintf(saved, len, "%s", path);
        return 0;
    }
    unlink(tmp);
    return ad_err_set(err, AD_E_IO, "could not write the record to %s: too many records of "
                                    "that second", dir);
}

/* A record is renamed into place: over a directory that fails, and over a
 * device such as /dev/null (as root) or a FIFO it would replace the special
 * file itself, so only a regular file or a new name may be the target. */
static int check_target(const char *file, ad_err *err)
{
    struct stat st;
    if (!file[0])
        return ad_err_set(err, AD_E_IO, "the record needs a file name");
    if (stat(file, &st) == 0 && S_ISDIR(st.st_mode))
        return ad_err_set(err, AD_E_IO, "could not write the record to %s: it is a directory",
                          file);
    if (stat(file, &st) == 0 && !S_ISREG(st.st_mode))
        return ad_err_set(err, AD_E_IO,
                          "could not write the record to %s: it is not a regular file", file);
    return 0;
}

int ad_record_save(const json_t *rec, const char *file, char *saved, size_t len, ad_err *err)
{
    if (!file)
        return save_new(rec, saved, len, err);
    if (check_target(file, err) < 0)
        return -1;
    char dir[4096], tmp[4200];
    dir_of(file, dir, sizeof dir);
    if (write_temp(rec, dir, tmp, sizeof tmp, file, err) < 0)
        return -1;
    if (rename(tmp, file) < 0) {
        int e = errno;
        unlink(tmp);
        return ad_err_set(err, AD_E_IO, "could not write the record to %s: %s", file,
                          strerror(e));
    }
    sync_dir(dir);
    snprintf(saved, len, "%s", file);
    return 0;
}

int ad_record_check(const char *file, ad_err *err)
{
    if (check_target(file, err) < 0)
        return -1;
    char dir[4096], tmp[4200];
    dir_of(file, dir, sizeof dir);
    if ((size_t)snprintf(tmp, sizeof tmp, "%s/.alphadeck-record-XXXXXX", dir) >= sizeof tmp)
        return ad_err_set(err, AD_E_IO, "could not write the record to %s: the path is too long",
                          file);
    int fd = mkstemp(tmp); /* the very step ad_record_save begins with */
    if (fd < 0)
        return ad_err_set(err, AD_E_IO, "could not write the record to %s: %s", file,
                          strerror(errno));
    close(fd);
    unlink(tmp);
    return 0;
}
