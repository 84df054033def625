/*
 * serve.c - `alphadeck serve`: its options (one table: each option's
 * name, its range and its default), its start-up (the store, lws' context
 * and its vhost, the lobby, a cluster's node, the HTTP API), the loop, and
 * one teardown that undoes whatever start-up got to (docs/server.md).
 */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/app.h"
#include "json_pool.h"
#include "serve.h"
#include "net.h"

/* ---------------------------------------------------------- the options */

typedef struct serve_opts {
    unsigned long long port, workers, queue_kib, ping_s, away_s, slice_us;
    unsigned long long http_rate, http_kib, cache_mib;
    unsigned long long conn_max, per_addr, hello_s, rate_kib;
    const char *host, *db, *web, *node;
    char origins[8][256];
    int norigins;
    lobby_limits lim; /* the lobby's, its defaults its own (lobby_limits_default) */
} serve_opts;

enum {
    OPT_NUMBER, /* a number within lo..hi, def by default */
    OPT_LIMIT,  /* the same, an int of the lobby's limits */
    OPT_TEXT,   /* a string (the argument itself) */
    OPT_ORIGIN, /* an --origin, of which there may be 8 */
};

typedef struct serve_option {
    const char *name, *value; /* "--port", and what --help calls its value */
    int kind;
    int limit;                /* shown among the LIMITS in --help */
    size_t at;                /* where it goes in serve_opts */
    unsigned long long lo, hi, def;
} serve_option;

#define NUM(f) OPT_NUMBER, 0, offsetof(serve_opts, f)
#define LIM(f) OPT_NUMBER, 1, offsetof(serve_opts, f)
#define LOBBY(f) OPT_LIMIT, 1, offsetof(serve_opts, lim) + offsetof(lobby_limits, f)
#define TEXT(f) OPT_TEXT, 0, offsetof(serve_opts, f)

/* In the order --help shows them. */
static const serve_option options[] = {
    {"--port", "N", NUM(port), 0, 65535, 8080},
    {"--host", "ADDR", TEXT(host), 0, 0, 0},
    {"--db", "FILE|URL", TEXT(db), 0, 0, 0},
    {"--web", "DIR", TEXT(web), 0, 0, 0},
    {"--workers", "N", NUM(workers), 1, 64, 2},
    {"--queue-kib", "N", NUM(queue_kib), 16, 1024 * 1024, SRV_QUEUE_KIB},
    {"--origin", "URL", OPT_ORIGIN, 0, 0, 0, 0, 0},
    {"--ping-seconds", "N", NUM(ping_s), 1, 3600, SRV_PING_S},
    {"--away-after", "SECONDS", NUM(away_s), 1, 86400, SRV_AWAY_AFTER_S},
    {"--slice-us", "US", NUM(slice_us), 0, 100000, SRV_SLICE_US},
    {"--node", "NAME", TEXT(node), 0, 0, 0},
    {"--http-rate", "N", LIM(http_rate), 1, 1000000, SRV_HTTP_RATE_PER_S},
    {"--http-kib", "N", LIM(http_kib), 1, 1ull << 30, SRV_HTTP_KIB_PER_S},
    {"--cache-mib", "N", LIM(cache_mib), 0, 65536, SRV_CACHE_MIB},
    {"--max-connections", "N", LIM(conn_max), 0, 10000000, SRV_CONN_MAX},
    {"--connections-per-address", "N", LIM(per_addr), 0, 10000000, SRV_CONN_PER_ADDR},
    {"--hello-seconds", "N", LIM(hello_s), 1, 3600, SRV_HELLO_S},
    {"--rate-kib", "N", LIM(rate_kib), 1, 1024 * 1024, SRV_RATE_KIB},
    {"--waiting-per-player", "N", LOBBY(waiting_per_player), 1, 100000, 0},
    {"--waiting-per-address", "N", LOBBY(waiting_per_address), 1, 1000000, 0},
    {"--bot-tables-per-player", "N", LOBBY(bot_tables_per_player), 1, 100000, 0},
    {"--bot-tables-per-address", "N", LOBBY(bot_tables_per_address), 1, 1000000, 0},
    {"--bot-tables", "N", LOBBY(bot_tables), 0, 1000000, 0},
    {"--new-players-burst", "N", LOBBY(new_players_burst), 1, 1000000, 0},
    {"--new-players-per-minute", "N", LOBBY(new_players_per_minute), 0, 1000000, 0},
    {"--waiting-expire-seconds", "N", LOBBY(waiting_expire_s), 1, 30 * 86400, 0},
    {"--talk-burst", "N", LOBBY(talk_burst), 1, 1000, 0},
    {"--talk-every-ms", "MS", LOBBY(talk_every_ms), 0, 3600000, 0},
    {"--fill-after-seconds", "N", LOBBY(fill_after_s), 1, 3600, 0},
    {"--rematch-seconds", "N", LOBBY(rematch_s), 1, 3600, 0},
    {"--commit-every-ms", "MS", LOBBY(commit_every_ms), 0, 1000, 0},
};
#define NOPTIONS (sizeof options / sizeof options[0])

/* The options, as one line: the usual ones (limits 0), or the limits (1). */
static void option_list(FILE *f, int limits)
{
    for (size_t i = 0; i < NOPTIONS; i++)
        if (options[i].limit == limits)
            fprintf(f, " [%s %s]%s", options[i].name, options[i].value,
                    options[i].kind == OPT_ORIGIN ? "..." : "");
}

static void help(void)
{
    printf("alphadeck serve");
    option_list(stdout, 0);
    printf(" [LIMITS]\nServes the browser client and the server protocol (docs/server.md).\n"
           "LIMITS:");
    option_list(stdout, 1);
    printf(" (docs/server.md, \"Limits\")\n");
}

static int usage(void)
{
    fprintf(stderr, "usage: alphadeck serve");
    option_list(stderr, 0);
    fprintf(stderr, " [LIMITS]\n");
    return 2;
}

static void defaults(serve_opts *o)
{
    memset(o, 0, sizeof *o);
    for (size_t i = 0; i < NOPTIONS; i++)
        if (options[i].kind == OPT_NUMBER)
            *(unsigned long long *)((char *)o + options[i].at) = options[i].def;
    o->host = "127.0.0.1";
    o->lim = lobby_limits_default();
}

/* Sets one option to v: 0, or -1 when v is refused (said why). */
static int option_set(serve_opts *o, const serve_option *opt, const char *v)
{
    unsigned long long n;
    void *at = (char *)o + opt->at;
    switch (opt->kind) {
    case OPT_NUMBER:
    case OPT_LIMIT:
        if (ad_cli_option_in("serve", opt->name, v, opt->lo, opt->hi, &n) < 0)
            return -1;
        if (opt->kind == OPT_NUMBER)
            *(unsigned long long *)at = n;
        else
            *(int *)at = (int)n;
        return 0;
    case OPT_TEXT:
        *(const char **)at = v;
        return 0;
    default: /* OPT_ORIGIN */
        if (o->norigins == 8 || strlen(v) >= sizeof o->origins[0]) {
            fprintf(stderr, "alphadeck serve: at most 8 --origin, each under 256 characters\n");
            return -1;
        }
        snprintf(o->origins[o->norigins++], sizeof o->origins[0], "%s", v);
        return 0;
    }
}

/* A cluster's node needs a name and the cluster's PostgreSQL store. */
static int node_ok(const serve_opts *o)
{
    if (!o->node)
        return 1;
    if (!o->node[0] || strlen(o->node) > 63) {
        fprintf(stderr, "alphadeck serve: --node needs a name of 1 to 63 characters\n");
        return 0;
    }
    if (!o->db || (strncmp(o->db, "postgres://", 11) != 0 &&
                   strncmp(o->db, "postgresql://", 13) != 0)) {
        fprintf(stderr, "alphadeck serve: --node needs the cluster's PostgreSQL store: "
                        "--db postgres://...\n");
        return 0;
    }
    return 1;
}

/* The command line into o: -1 to go on, else the exit status (0 after
 * --help, 2 after a bad option). */
static int parse(serve_opts *o, int argc, char **argv)
{
    defaults(o);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            help();
            return 0;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "alphadeck serve: %s needs a value\n", a);
            return usage();
        }
        const serve_option *opt = NULL;
        for (size_t k = 0; k < NOPTIONS && !opt; k++)
            if (strcmp(a, options[k].name) == 0)
                opt = &options[k];
        if (!opt) {
            fprintf(stderr, "alphadeck serve: unknown option %s\n", a);
            return usage();
        }
        if (option_set(o, opt, argv[++i]) < 0)
            return 2;
    }
    return node_ok(o) ? -1 : 2;
}

/* ---------------------------------------------------------- defaults */

/* Every connection is a file: the limit is raised as far as the system
 * lets us, and connections may take all of it but a reserve (admit): an
 * eighth by default, room for files served beside them.  An operator who
 * asks for more connections (--max-connections N) gets them, with room
 * for the server's own files (the database, the loop's) and at least
 * SRV_FD_RESERVE left above: at the hard limit of 20,000 an eighth was
 * 2,500 files held back from 19,000 people. */
static int fd_cap(int asked)
{
    struct rlimit nofile;
    if (getrlimit(RLIMIT_NOFILE, &nofile) != 0)
        return 1024 - SRV_FD_RESERVE;
    if (nofile.rlim_cur < nofile.rlim_max) {
        nofile.rlim_cur = nofile.rlim_max;
        setrlimit(RLIMIT_NOFILE, &nofile);
        getrlimit(RLIMIT_NOFILE, &nofile);
    }
    rlim_t limit = nofile.rlim_cur < INT_MAX ? nofile.rlim_cur : INT_MAX;
    rlim_t reserve = limit / 8 > SRV_FD_RESERVE ? limit / 8 : SRV_FD_RESERVE;
    if (reserve > limit / 2)
        reserve = limit / 2;
    rlim_t cap = limit - reserve, least = limit > 2 * SRV_FD_RESERVE ? SRV_FD_RESERVE : limit / 2;
    rlim_t want = asked > 0 ? (rlim_t)asked + SRV_FD_RESERVE : 0; /* its own files below too */
    if (want > cap)
        cap = want < limit - least ? want : limit - least;
    return (int)cap;
}

/* The web client's folder by default: web/ in the source tree the binary
 * was built in (build/alphadeck -> web/), when there is one. */
static void default_web(char *out, size_t len)
{
    char exe[PATH_MAX];
    out[0] = 0;
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return;
    exe[n] = 0;
    for (int up = 0; up < 3; up++) {
        char *slash = strrchr(exe, '/');
        if (!slash)
            return;
        *slash = 0;
        char try[PATH_MAX + 8];
        snprintf(try, sizeof try, "%s/web", exe);
        struct stat st;
        size_t tl = strlen(try);
        if (stat(try, &st) == 0 && S_ISDIR(st.st_mode) && tl < len) {
            memcpy(out, try, tl + 1);
            return;
        }
    }
    /* an installed binary: the client `make install` put in the data folder */
    struct stat st;
    snprintf(exe, sizeof exe, "%s/web", ad_data_dir());
    if (stat(exe, &st) == 0 && S_ISDIR(st.st_mode) && strlen(exe) < len)
        memcpy(out, exe, strlen(exe) + 1);
}

/* $XDG_DATA_HOME/alphadeck/serve.db (or ~/.local/share/...), its folder made. */
static int default_db(char *out, size_t len)
{
    const char *x = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    char dir[PATH_MAX];
    if (x && x[0] == '/')
        snprintf(dir, sizeof dir, "%s/alphadeck", x);
    else if (home && home[0] == '/')
        snprintf(dir, sizeof dir, "%s/.local/share/alphadeck", home);
    else
        return -1;
    char part[PATH_MAX];
    snprintf(part, sizeof part, "%s", dir);
    for (char *p = part + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            mkdir(part, 0700);
            *p = '/';
        }
    mkdir(part, 0700);
    if ((size_t)snprintf(out, len, "%s/serve.db", dir) >= len)
        return -1;
    return 0;
}

/* ---------------------------------------------------------- start-up */

/* The transport's settings, from the options. */
static void transport_settings(server *s, const serve_opts *o)
{
    memcpy(s->origins, o->origins, sizeof s->origins);
    s->norigins = o->norigins;
    s->host = o->host;
    s->queue_max = (size_t)o->queue_kib * 1024;
    s->sock_max = (int)o->conn_max;
    s->per_addr = (int)o->per_addr;
    s->hello_ms = (int64_t)o->hello_s * 1000;
    s->rate_bytes = (double)o->rate_kib * 1024;
    snprintf(s->rate_words, sizeof s->rate_words,
             "too much asked for: replies of at most %llu KiB a second, %llu KiB at once",
             o->rate_kib, o->rate_kib * SRV_RATE_KIB_BURST_S);
    /* a client that vanished without a close (a phone gone out of range: no
     * FIN ever comes) is pinged after ping_s of silence and dropped when
     * nothing came back by twice that (ping_sweep); its seat then goes as
     * any closed connection's does (lobby_set_away_after) */
    s->ping_ms = (int64_t)o->ping_s * 1000;
    s->fd_cap = fd_cap(s->sock_max);
    srv_slice_us = (int)o->slice_us;
}

/* The store's file or URL (db, when none was given), and the web folder
 * (webdir: "" when there is none): 0, or the exit status (said why). */
static int where(const serve_opts *o, char *db, char *webdir)
{
    if (!o->db && default_db(db, PATH_MAX) < 0) {
        fprintf(stderr, "alphadeck serve: neither XDG_DATA_HOME nor HOME is an absolute "
                        "path; give --db FILE\n");
        return 1;
    }
    if (o->db)
        snprintf(db, PATH_MAX, "%s", o->db);
    if (o->web) {
        struct stat st;
        if (stat(o->web, &st) != 0 || !S_ISDIR(st.st_mode) || !realpath(o->web, webdir)) {
            fprintf(stderr, "alphadeck serve: --web %s is not a folder\n", o->web);
            return 2;
        }
    } else {
        default_web(webdir, PATH_MAX);
    }
    return 0;
}

/* The store, which must take writes: one it may only read would refuse
 * every hello and every act (store_failed), and log a failed commit a
 * second: say so now. */
static store *open_store(const char *db)
{
    ad_err err;
    store *st = store_open(db, &err);
    if (st && store_writable(st, &err) < 0) {
        store_close(st);
        st = NULL;
    }
    if (!st)
        fprintf(stderr, "alphadeck serve: %s\n", err.text);
    return st;
}

/* What the vhost serves: the API at /api (lws' callback, http.c), and the
 * web folder's files at / (none when webdir is ""; lws keeps webdir). */
static const struct lws_http_mount *mounts(const char *webdir)
{
    static struct lws_http_mount api_mount, files_mount;
    memset(&api_mount, 0, sizeof api_mount);
    api_mount.mountpoint = "/api";
    api_mount.mountpoint_len = 4;
    api_mount.origin = "alphadeck";
    api_mount.origin_protocol = LWSMPRO_CALLBACK;
    memset(&files_mount, 0, sizeof files_mount);
    files_mount.mountpoint = "/";
    files_mount.mountpoint_len = 1;
    files_mount.origin = webdir;
    files_mount.origin_protocol = LWSMPRO_FILE;
    files_mount.def = "index.html";
    files_mount.protocol = "alphadeck"; /* its ADD_HEADERS adds the security headers */
    if (webdir[0])
        api_mount.mount_next = &files_mount;
    return &api_mount;
}

/* lws' context (libwebsockets' own log: errors, or the levels
 * ALPHADECK_LWS_LOG names, its bit mask), and its vhost listening on
 * host:port: the API at /api, the web folder's files at /, the WebSocket. */
static int listen_on(server *s, const serve_opts *o, const char *webdir)
{
    const char *ll = getenv("ALPHADECK_LWS_LOG");
    int level = ll ? atoi(ll) : LLL_ERR;
    lws_set_log_level(level, ad_srv_log_emit);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.options = LWS_SERVER_OPTION_EXPLICIT_VHOSTS | LWS_SERVER_OPTION_VALIDATE_UTF8;
    s->ctx = ad_loop_context(s, &info, level);
    if (!s->ctx) {
        fprintf(stderr, "alphadeck serve: libwebsockets could not start\n");
        return -1;
    }
    struct lws_context_creation_info vi;
    memset(&vi, 0, sizeof vi);
    vi.port = (int)o->port;
    vi.iface = o->host;
    vi.protocols = ad_net_protocols;
    vi.mounts = mounts(webdir);
    vi.user = s;
    vi.vhost_name = "alphadeck";
    vi.options = LWS_SERVER_OPTION_VALIDATE_UTF8;
    /* lws' own idle policy off (no hang-up time): else each connection
     * keeps a timer in lws' sorted list, moved on every pong (ping_sweep
     * does it) */
    static const lws_retry_bo_t no_idle;
    vi.retry_and_idle_policy = &no_idle;
    vi.timeout_secs = 30;
    s->vh = lws_create_vhost(s->ctx, &vi);
    if (!s->vh) {
        fprintf(stderr, "alphadeck serve: cannot listen on %s port %llu\n", o->host, o->port);
        return -1;
    }
    s->port = lws_get_vhost_listen_port(s->vh);
    return 0;
}

/* The lobby with its settings, a cluster's node joined (the store says
 * first whether it can hold a cluster at all: SQLite cannot, before
 * anything listens to it), every unfinished table resumed. */
static int lobby_start(server *s, const serve_opts *o, store *st, const char *db)
{
    ad_err err;
    s->l = lobby_new(s, st, (int)o->workers, &err);
    if (!s->l) {
        fprintf(stderr, "alphadeck serve: %s\n", err.text);
        return -1;
    }
    lobby_set_away_after(s->l, (int64_t)o->away_s * 1000);
    lobby_set_limits(s->l, &o->lim);
    if (o->node && store_set_node(st, o->node, &err) < 0) {
        fprintf(stderr, "alphadeck serve: --node %s: %s\n", o->node, err.text);
        return -1;
    }
    /* before anything is read back: a killed predecessor's last pass may be landing */
    int claim = store_claim(st, &err);
    if (claim != 0) /* (> 0: held by another session after the wait; it goes on) */
        fprintf(stderr, "alphadeck serve: %s\n", err.text);
    if (claim < 0)
        return -1;
    if (o->node && (!(s->bus = bus_open(db, s, &err)) ||
                    lobby_cluster(s->l, o->node, s->bus, &err) < 0)) {
        fprintf(stderr, "alphadeck serve: --node %s: %s\n", o->node, err.text);
        return -1;
    }
    if (lobby_resume(s->l, &err) < 0) {
        fprintf(stderr, "alphadeck serve: %s\n", err.text);
        return -1;
    }
    const char *kt = getenv("ALPHADECK_CHECKPOINT_THREAD");
    if (!(kt && strcmp(kt, "0") == 0) && store_checkpointer(st, &err) < 0)
        fprintf(stderr, "alphadeck serve: %s: the commits checkpoint the WAL themselves\n",
                err.text);
    const char *ct = getenv("ALPHADECK_COMMIT_THREAD");
    if (!o->node && !(ct && strcmp(ct, "0") == 0) && lobby_commit_thread(s->l) < 0)
        fprintf(stderr, "alphadeck serve: the commits' thread did not start: they run on the loop\n");
    return 0;
}

/* Everything start-up made, whatever it got to (what was not made is NULL
 * and its end does nothing), in the order it can be undone: the timers
 * first, then the loop (closing every connection, each CLOSED freeing its
 * conn, on the lobby still there), the threads, the lobby, the store. */
static void serve_end(server *s, store *st)
{
    if (s->l)
        lobby_quiesce(s->l);
    ad_net_stop(s);
    ad_timers_stop(s);
    if (s->ctx)
        ad_loop_end(s);
    ad_http_end(s);
    bus_close(s->bus);
    ad_net_free(s);
    lobby_free(s->l);
    store_close(st);
    ad_srv_log_flush(1);
}

/* Start-up: 0 when the server is up, else the exit status (said why). */
static int serve_start(server *s, const serve_opts *o, store **st)
{
    static char db[PATH_MAX], webdir[PATH_MAX]; /* lws' mount keeps webdir */
    transport_settings(s, o);
    int rc = where(o, db, webdir);
    if (rc)
        return rc;
    if (!(*st = open_store(db)) || listen_on(s, o, webdir) < 0 || lobby_start(s, o, *st, db) < 0)
        return 1;
    ad_err err;
    if (ad_http_setup(s, db, o->http_rate, o->http_kib, o->cache_mib, &err) < 0) {
        fprintf(stderr, "alphadeck serve: %s\n", err.text);
        return 1;
    }
    ad_net_start(s);
    ad_loop_signals(s);
    int v6 = strchr(o->host, ':') != NULL;
    printf("alphadeck serve: listening on http://%s%s%s:%ld/\n", v6 ? "[" : "", o->host,
           v6 ? "]" : "", s->port);
    if (!webdir[0])
        printf("alphadeck serve: no web folder (--web DIR): only the protocol at /ws\n");
    fflush(stdout);
    return 0;
}

int ad_cli_serve(int argc, char **argv)
{
    ad_json_pool_use(); /* before any tree: its blocks are freed by the pool */
    serve_opts o;
    int rc = parse(&o, argc, argv);
    if (rc >= 0)
        return rc;
    server *s = calloc(1, sizeof *s);
    store *st = NULL;
    if (!s) {
        fprintf(stderr, "alphadeck serve: out of memory\n");
        return 1;
    }
    rc = serve_start(s, &o, &st);
    if (rc == 0)
        ad_loop_run(s);
    serve_end(s, st);
    free(s);
    if (rc == 0)
        fprintf(stderr, "alphadeck serve: stopped\n");
    return rc;
}
