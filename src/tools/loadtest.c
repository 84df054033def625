/*
 * loadtest.c - `alphadeck loadtest`: many players against a running
 * `alphadeck serve` on this machine, each on a WebSocket of its own, all
 * from one thread on one epoll set (loadtest_net.c), a few hundred bytes a
 * connection.  Each says hello and sits at a table (made by its first
 * person, bots in the seats nobody takes); once all sit (the set-up), each
 * answers every turn it is asked with a legal action and follows a finished
 * game into its rematch.  After --seconds of that it lets outstanding
 * acknowledgements come, gives its seats to the server's stand-in bots,
 * closes, and reports (docs/server.md, "Load").
 * It connects only to loopback addresses, and it always ends: every phase
 * has a time limit, and so has the whole.  This file is the command: its
 * options, the server's address, the run set up and torn down; the players
 * are in loadtest_play.c, their sockets in loadtest_net.c, the figures in
 * loadtest_report.c.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "../app/app.h"
#include "loadtest.h"
#include "tools.h"

volatile sig_atomic_t ad_loadtest_interrupted;

static void on_signal(int sig)
{
    (void)sig;
    ad_loadtest_interrupted = 1;
}

/* ---------------------------------------------------------- the address */

static int loopback_sa(const struct sockaddr *sa)
{
    if (sa->sa_family == AF_INET)
        return (ntohl(((const struct sockaddr_in *)sa)->sin_addr.s_addr) >> 24) == 127;
    if (sa->sa_family == AF_INET6) {
        const struct in6_addr *a = &((const struct sockaddr_in6 *)sa)->sin6_addr;
        return IN6_IS_ADDR_LOOPBACK(a) || (IN6_IS_ADDR_V4MAPPED(a) && a->s6_addr[12] == 127);
    }
    return 0;
}

/* Reads ws://HOST[:PORT][/PATH] into t, HOST a loopback address (127.x.x.x,
 * [::1]) or localhost resolving only to loopback addresses; else says why
 * on stderr and returns -1. */
static int read_url(lt *t, const char *url)
{
    if (strncmp(url, "ws://", 5) != 0) {
        fprintf(stderr, "alphadeck loadtest: --url is ws://HOST:PORT/PATH (ws:// to a server on "
                        "this machine), not \"%.80s\"\n", url);
        return -1;
    }
    const char *h = url + 5, *end;
    char host[256];
    if (*h == '[') {
        end = strchr(h, ']');
        if (!end || (size_t)(end - h - 1) >= sizeof host) {
            fprintf(stderr, "alphadeck loadtest: --url \"%.80s\" has no closing ] after an IPv6 "
                            "address\n", url);
            return -1;
        }
        snprintf(host, sizeof host, "%.*s", (int)(end - h - 1), h + 1);
        end++;
    } else {
        end = h + strcspn(h, ":/?#");
        if ((size_t)(end - h) >= sizeof host || memchr(h, '@', (size_t)(end - h))) {
            fprintf(stderr, "alphadeck loadtest: --url \"%.80s\" has no host it can read\n", url);
            return -1;
        }
        snprintf(host, sizeof host, "%.*s", (int)(end - h), h);
    }
    unsigned long long port = 80;
    if (*end == ':') {
        char digits[16];
        size_t n = strcspn(end + 1, "/?#");
        snprintf(digits, sizeof digits, "%.*s", (int)(n < 15 ? n : 15), end + 1);
        if (n >= 15 || ad_cli_number_in(digits, 1, 65535, &port) != 0) {
            fprintf(stderr, "alphadeck loadtest: the port of --url \"%.80s\" is not 1 to 65535\n",
                    url);
            return -1;
        }
        end += 1 + n;
    }
    snprintf(t->path, sizeof t->path, "%s", *end == '/' ? end : "/");
    t->port = (int)port;
    /* the host: a loopback address, or a name that means only loopback */
    struct addrinfo hints, *res = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_NUMERICHOST;
    int named = 0;
    if (getaddrinfo(host, NULL, &hints, &res) != 0) {
        res = NULL;
        if (strcasecmp(host, "localhost") == 0) {
            named = 1;
            hints.ai_flags = 0;
            if (getaddrinfo(host, NULL, &hints, &res) != 0)
                res = NULL;
        }
    }
    int ok = res != NULL;
    for (struct addrinfo *a = res; a; a = a->ai_next)
        ok &= loopback_sa(a->ai_addr);
    if (!ok) {
        if (res)
            freeaddrinfo(res);
        fprintf(stderr, "alphadeck loadtest: refusing %s: it load-tests only a server on this "
                        "machine, at a loopback address (127.0.0.0/8, ::1 or localhost)%s\n",
                host[0] ? host : "an empty host",
                named ? ", and localhost does not resolve to loopback alone here" : "");
        return -1;
    }
    const void *bin = res->ai_family == AF_INET
                          ? (const void *)&((struct sockaddr_in *)res->ai_addr)->sin_addr
                          : (const void *)&((struct sockaddr_in6 *)res->ai_addr)->sin6_addr;
    inet_ntop(res->ai_family, bin, t->address, sizeof t->address);
    int v6 = res->ai_family == AF_INET6;
    freeaddrinfo(res);
    snprintf(t->host_header, sizeof t->host_header, "%s%s%s:%d", v6 ? "[" : "", t->address,
             v6 ? "]" : "", t->port);
    return 0;
}

/* ---------------------------------------------------------- the command */

/* Whether the players can play g: they know the claim family's actions. */
static int playable(const ad_game *g)
{
    return g && strcmp(g->family, "claim") == 0;
}

/* The games the players can play, from the registry, sep between them. */
static void playable_list(char *buf, size_t len, const char *sep)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < ad_game_count() && used < len; i++)
        if (playable(ad_game_at(i)))
            used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? sep : "",
                                     ad_game_at(i)->id);
}

static int usage(FILE *f)
{
    char games[128];
    playable_list(games, sizeof games, "|");
    fprintf(f, "usage: alphadeck loadtest [--url ws://127.0.0.1:PORT/ws] [--clients N] "
               "[--tables M] [--seconds S] [--setup-seconds T] [--rate A] [--game %s] "
               "[--json]\n", games);
    return 2;
}

static int read_options(lt *t, int argc, char **argv)
{
    unsigned long long n;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            printf("Many players, each on its own WebSocket, against `alphadeck serve` on this "
                   "machine; reports the connections held, acknowledged actions a second and "
                   "act-to-acknowledgement times (docs/server.md, \"Load\").\n");
            return 1;
        }
        if (strcmp(a, "--json") == 0) {
            t->json = 1;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "alphadeck loadtest: %s needs a value\n", a);
            return usage(stderr);
        }
        const char *v = argv[++i];
        if (strcmp(a, "--url") == 0) {
            t->url = v;
        } else if (strcmp(a, "--clients") == 0) {
            if (ad_cli_option_in("loadtest", a, v, 1, 100000, &n) < 0)
                return 2;
            t->clients = (int)n;
        } else if (strcmp(a, "--tables") == 0) {
            if (ad_cli_option_in("loadtest", a, v, 1, 100000, &n) < 0)
                return 2;
            t->tables = (int)n;
        } else if (strcmp(a, "--seconds") == 0) {
            if (ad_cli_option_in("loadtest", a, v, 1, 86400, &n) < 0)
                return 2;
            t->seconds = (unsigned)n;
        } else if (strcmp(a, "--setup-seconds") == 0) {
            if (ad_cli_option_in("loadtest", a, v, 1, 3600, &n) < 0)
                return 2;
            t->setup_seconds = (unsigned)n;
        } else if (strcmp(a, "--rate") == 0) {
            char *end;
            errno = 0;
            t->rate = strtod(v, &end);
            if (end == v || *end || errno || !(t->rate >= 0.001 && t->rate <= 50)) {
                fprintf(stderr, "alphadeck loadtest: --rate takes actions a second for each "
                                "connection, 0.001 to 50 (the server's limit), not \"%.40s\"\n",
                        v);
                return 2;
            }
        } else if (strcmp(a, "--game") == 0) {
            t->game = v;
        } else {
            fprintf(stderr, "alphadeck loadtest: unknown option %s\n", a);
            return usage(stderr);
        }
    }
    const ad_game *g = ad_game_find(t->game);
    if (!playable(g)) {
        char games[128];
        playable_list(games, sizeof games, " or ");
        fprintf(stderr, "alphadeck loadtest: --game is %s (the games it can play), not \"%.40s\"\n",
                games, t->game);
        return 2;
    }
    if (t->tables > t->clients) {
        fprintf(stderr, "alphadeck loadtest: --tables %d is more than --clients %d: every table "
                        "needs a person\n", t->tables, t->clients);
        return 2;
    }
    t->players = (t->clients + t->tables - 1) / t->tables;
    if (t->players < g->min_players)
        t->players = g->min_players;
    if (t->players > g->max_players) {
        fprintf(stderr, "alphadeck loadtest: %d clients at %d tables seats %d at a table, and "
                        "%s seats %d to %d: give more --tables\n", t->clients, t->tables,
                t->players, t->game, g->min_players, g->max_players);
        return 2;
    }
    if (read_url(t, t->url) < 0)
        return 2;
    return 0;
}

/* Every connection is a file: allow as many as the system lets us, and
 * say so plainly when that is too few. */
static int raise_files(const lt *t)
{
    struct rlimit r;
    if (getrlimit(RLIMIT_NOFILE, &r) != 0)
        return 0;
    if (r.rlim_cur < r.rlim_max) {
        r.rlim_cur = r.rlim_max;
        setrlimit(RLIMIT_NOFILE, &r);
        getrlimit(RLIMIT_NOFILE, &r);
    }
    rlim_t need = (rlim_t)t->clients + LT_FILES_SPARE;
    if (r.rlim_cur != RLIM_INFINITY && r.rlim_cur < need) {
        fprintf(stderr, "alphadeck loadtest: %d connections need %llu open files, and this "
                        "process may open %llu (the hard limit, ulimit -Hn): give fewer "
                        "--clients or raise the limit\n", t->clients, (unsigned long long)need,
                (unsigned long long)r.rlim_cur);
        return -1;
    }
    return 0;
}

int ad_cli_loadtest(int argc, char **argv)
{
    static lt t; /* large and one a process; its address is the context's user */
    memset(&t, 0, sizeof t);
    t.url = "ws://127.0.0.1:8080/ws";
    t.game = "noway";
    t.clients = 100;
    t.tables = 25;
    t.seconds = 10;
    t.setup_seconds = 120;
    int rc = read_options(&t, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (raise_files(&t) < 0)
        return 1;
    t.c = calloc((size_t)t.clients, sizeof *t.c);
    t.g = calloc((size_t)t.tables, sizeof *t.g);
    t.hist = calloc(H_LEN, sizeof *t.hist);
    t.busy = calloc(H_LEN, sizeof *t.busy);
    if (!t.c || !t.g || !t.hist || !t.busy) {
        fprintf(stderr, "alphadeck loadtest: out of memory for %d connections\n", t.clients);
        free(t.c);
        free(t.g);
        free(t.hist);
        free(t.busy);
        return 1;
    }
    for (int i = 0; i < t.clients; i++) {
        t.c[i].index = (uint32_t)i;
        t.c[i].v = -1;
        t.c[i].acted_v = -1;
        t.c[i].seat = -1;
    }
    uint32_t base = (uint32_t)(t.clients / t.tables), extra = (uint32_t)(t.clients % t.tables);
    for (uint32_t gi = 0, at = 0; gi < (uint32_t)t.tables; gi++) {
        lt_group *g = &t.g[gi];
        g->first = at;
        g->people = (uint8_t)(base + (gi < extra));
        g->pending = g->people;
        g->lead = -1;
        at += g->people;
    }
    t.unsettled = t.clients;
    if (ad_loadtest_net_start(&t) < 0) {
        fprintf(stderr, "alphadeck loadtest: could not set up its sockets for %d connections to "
                        "%s\n", t.clients, t.url);
        ad_loadtest_net_end(&t);
        free(t.c);
        free(t.g);
        free(t.hist);
        free(t.busy);
        return 1;
    }
    ad_cli_stop_on_signals(on_signal);
    t.t0 = t.now = ad_loadtest_clock();
    t.rng = (uint64_t)t.t0 * 0x9E3779B97F4A7C15ull | 1;
    t.phase = PH_SETUP;
    ad_loadtest_tick(&t, &t.tick); /* starts the connections and the loop's clock */
    ad_loadtest_run(&t);
    ad_loadtest_net_end(&t); /* closes whatever is still open */
    ad_loadtest_report(&t);
    int none = t.opened == 0;
    if (none)
        fprintf(stderr, "alphadeck loadtest: no connection to %s opened%s%s\n", t.url,
                t.first_error[0] ? ": " : "", t.first_error);
    free(t.c);
    free(t.g);
    free(t.hist);
    free(t.busy);
    return none ? 1 : 0;
}
