/*
 * http.c - `alphadeck serve`'s HTTP: whom it answers for (the Host and
 * Origin checks against rebinding pages), the security headers, the
 * filter every request passes (GET and HEAD only), and the API's answers
 * (/api/tables/<id>/record and /replay from the archive, /api/stats, and
 * api.c's), each sent a piece a writeable callback, within the rate
 * limits of its address.  The web client's files are lws' own mount.
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "app/app.h"
#include "net.h"

/* An HTTP request of the API and its answer, while its connection lasts
 * (keep-alive: the next request's too). */
struct http_req {
    struct lws *wsi;
    archive_wait wait; /* a record or replay being built for it */
    srv_body *body;    /* the answer being sent (a reference) */
    size_t off;        /* how much of it is sent */
    int head_sent;
    char addr[64];     /* the peer, by whose address its rate is counted */
};

/* ---------------------------------------------------------- whom it answers */

/* A page may talk to this server only when it came from it.  A rebinding
 * page (a name of the attacker's, pointed at this server's address) sends
 * that name as its Origin and Host, so matching the Origin to the Host
 * let it in: now the server answers only for the names it serves
 * (authority_ok): the --host it listens on, at its port; when that is a
 * loopback address, localhost, 127.0.0.1 and [::1] too; when it is every
 * address (0.0.0.0, ::) or an interface's name, any address written in
 * numbers (friends on a network type one) and localhost; and the host of
 * each --origin (a proxy in front passes on the name people typed). */
enum { LISTEN_NAMED, LISTEN_LOOPBACK, LISTEN_ANY };

static int ip_literal(const char *host)
{
    unsigned char a[16];
    return inet_pton(AF_INET, host, a) == 1 || inet_pton(AF_INET6, host, a) == 1;
}

static int listen_kind(const char *host)
{
    unsigned char a[16];
    if (strcasecmp(host, "localhost") == 0 || strcmp(host, "::1") == 0 ||
        (inet_pton(AF_INET, host, a) == 1 && a[0] == 127))
        return LISTEN_LOOPBACK;
    if (strcmp(host, "0.0.0.0") == 0 || strcmp(host, "::") == 0 || !ip_literal(host))
        return LISTEN_ANY;
    return LISTEN_NAMED;
}

/* Splits an authority, host[:port] or [v6][:port], into the host (without
 * brackets, in out) and the port (80 when none given); -1 when malformed. */
static int split_authority(const char *a, char *out, size_t len, long *port)
{
    const char *h = a, *he, *rest;
    if (*a == '[') {
        h = a + 1;
        if (!(he = strchr(h, ']')))
            return -1;
        rest = he + 1;
    } else {
        he = rest = a + strcspn(a, ":");
    }
    if ((size_t)(he - h) >= len || he == h)
        return -1;
    memcpy(out, h, (size_t)(he - h));
    out[he - h] = 0;
    *port = 80;
    if (!*rest)
        return 0;
    char *end;
    if (*rest != ':' || !rest[1] || rest[1] == '-' || rest[1] == '+')
        return -1;
    *port = strtol(rest + 1, &end, 10);
    return *end || *port < 1 || *port > 65535 ? -1 : 0;
}

/* Whether an authority (a Host header; an Origin past "http://") names
 * this server by its own address. */
static int authority_ok(server *s, const char *authority)
{
    char host[256];
    long port;
    if (split_authority(authority, host, sizeof host, &port) < 0 || port != s->port)
        return 0;
    if (strcasecmp(host, s->host) == 0)
        return 1;
    if (s->kind == LISTEN_LOOPBACK)
        return strcasecmp(host, "localhost") == 0 || strcmp(host, "127.0.0.1") == 0 ||
               strcmp(host, "::1") == 0;
    if (s->kind == LISTEN_ANY)
        return strcasecmp(host, "localhost") == 0 || ip_literal(host);
    return 0;
}

/* Whether an authority is the host[:port] of an --origin. */
static int origin_authority(server *s, const char *authority)
{
    for (int i = 0; i < s->norigins; i++) {
        const char *o = strstr(s->origins[i], "://");
        o = o ? o + 3 : s->origins[i];
        size_t n = strcspn(o, "/");
        if (strlen(authority) == n && strncasecmp(authority, o, n) == 0)
            return 1;
    }
    return 0;
}

/* A request's Host is one this server answers for, or absent (HTTP/1.0:
 * a program, which no page can make). */
static int host_ok(server *s, struct lws *wsi)
{
    char host[256];
    if (lws_hdr_total_length(wsi, WSI_TOKEN_HOST) <= 0)
        return 1;
    return lws_hdr_copy(wsi, host, sizeof host, WSI_TOKEN_HOST) > 0 &&
           (authority_ok(s, host) || origin_authority(s, host));
}

/* An upgrade to /ws is let in when its Host is this server's and it has no
 * Origin (a program, not a page), or an --origin, or an http:// origin
 * naming this server. */
static int origin_ok(server *s, struct lws *wsi)
{
    char origin[256], uri[64];
    if (lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI) <= 0 ||
        (strcmp(uri, "/ws") != 0 && strncmp(uri, "/ws?", 4) != 0) || !host_ok(s, wsi))
        return 0;
    if (lws_hdr_total_length(wsi, WSI_TOKEN_ORIGIN) <= 0)
        return 1;
    if (lws_hdr_copy(wsi, origin, sizeof origin, WSI_TOKEN_ORIGIN) <= 0)
        return 0;
    for (int i = 0; i < s->norigins; i++)
        if (strcmp(origin, s->origins[i]) == 0)
            return 1;
    return strncmp(origin, "http://", 7) == 0 && authority_ok(s, origin + 7);
}

/* ---------------------------------------------------------- HTTP */

static int add_security_headers(struct lws *wsi, unsigned char **p, unsigned char *end)
{
    static const char csp[] = "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
                              "style-src 'self'; script-src 'self'; object-src 'none'; "
                              "base-uri 'none'; frame-ancestors 'none'";
    return lws_add_http_header_by_name(wsi, (const unsigned char *)"content-security-policy:",
                                       (const unsigned char *)csp, (int)strlen(csp), p, end) ||
           lws_add_http_header_by_name(wsi, (const unsigned char *)"x-content-type-options:",
                                       (const unsigned char *)"nosniff", 7, p, end) ||
           lws_add_http_header_by_name(wsi, (const unsigned char *)"referrer-policy:",
                                       (const unsigned char *)"no-referrer", 11, p, end);
}

/* An answer goes out a piece a writeable callback, the next once lws has
 * sent the last (it calls back only then): a slow reader holds a piece of
 * memory, not a copy of the body.  lws gives a request 5 s to be answered
 * (PENDING_TIMEOUT_HTTP_CONTENT) and then hangs up, which cut bodies short
 * (one write of the whole body left lws sending the rest under that
 * timeout) and dropped requests that waited behind the loop: a request
 * waiting for its replay to be built gets HTTP_BUILD_WAIT_S, and an answer
 * HTTP_STALL_S again with each piece, so only a reader that takes nothing
 * for that long is dropped. */
#define HTTP_PIECE (32 * 1024)
#define HTTP_BUILD_WAIT_S 60
#define HTTP_STALL_S 30

static http_req *req_of(struct lws *wsi, pss *ps)
{
    if (!ps->h) {
        ps->h = calloc(1, sizeof *ps->h);
        if (!ps->h)
            return NULL;
        ps->h->wsi = wsi;
        lws_get_peer_simple(wsi, ps->h->addr, sizeof ps->h->addr);
    }
    return ps->h;
}

static void req_free(pss *ps)
{
    if (!ps || !ps->h)
        return;
    archive_cancel(&ps->h->wait);
    srv_body_drop(ps->h->body);
    free(ps->h);
    ps->h = NULL;
}

static srv_body *refusal_body(int status, const char *code, const char *words)
{
    char *text = srv_refusal_text(code, words);
    srv_body *b = text ? srv_body_new(status, "application/json", text, strlen(text)) : NULL;
    free(text);
    return b;
}

/* Sends b (its reference taken) as h's answer, when the address may have
 * that many bytes now; else a 429. */
static int send_body(server *s, http_req *h, srv_body *b)
{
    if (!b)
        return -1;
    if (!addr_rate_send(s->rate, h->addr, b->len, srv_now_ms())) {
        srv_body_drop(b);
        b = refusal_body(429, "rate_limited", "too many bytes asked for from this address: "
                                              "wait a moment and ask again");
        if (!b)
            return -1;
    }
    srv_body_drop(h->body); /* none: lws reads the next request once one is answered */
    h->body = b;
    h->off = 0;
    h->head_sent = 0;
    lws_callback_on_writable(h->wsi);
    return 0;
}

/* Answers the request with body (JSON or other text of type; taken). */
static int http_answer(struct lws *wsi, pss *ps, int status, const char *type, char *body)
{
    server *s = lws_vhost_user(lws_get_vhost(wsi));
    http_req *h = req_of(wsi, ps);
    srv_body *b = body ? srv_body_new(status, type, body, strlen(body)) : NULL;
    free(body);
    if (!h) {
        srv_body_drop(b);
        return -1;
    }
    return send_body(s, h, b);
}

/* A record or replay built off the loop, for a request waiting for it. */
static void give(archive_wait *w, srv_body *b)
{
    http_req *h = lws_container_of(w, http_req, wait);
    server *s = lws_vhost_user(lws_get_vhost(h->wsi));
    if (send_body(s, h, b) < 0) /* out of memory: the request ends unanswered */
        lws_set_timeout(h->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
}

static int write_head(struct lws *wsi, const srv_body *b)
{
    unsigned char buf[LWS_PRE + 1024], *start = buf + LWS_PRE, *p = start,
                                       *end = buf + sizeof buf - 1;
    if (lws_add_http_common_headers(wsi, (unsigned)b->status, b->type, b->len, &p, end) ||
        add_security_headers(wsi, &p, end) ||
        lws_add_http_header_by_name(wsi, (const unsigned char *)"cache-control:",
                                    (const unsigned char *)b->cache, (int)strlen(b->cache), &p, end) ||
        (b->status == 429 &&
         lws_add_http_header_by_name(wsi, (const unsigned char *)"retry-after:",
                                     (const unsigned char *)"1", 1, &p, end)) ||
        lws_finalize_write_http_header(wsi, start, &p, end))
        return -1;
    return 0;
}

/* One writeable callback of an answer: its headers, or its next piece. */
static int http_write(server *s, http_req *h)
{
    srv_body *b = h->body;
    lws_set_timeout(h->wsi, PENDING_TIMEOUT_HTTP_CONTENT, HTTP_STALL_S);
    if (!h->head_sent) {
        h->head_sent = 1;
        if (write_head(h->wsi, b) < 0)
            return -1;
        lws_callback_on_writable(h->wsi);
        return 0;
    }
    size_t n = b->len - h->off < HTTP_PIECE ? b->len - h->off : HTTP_PIECE;
    int last = h->off + n == b->len;
    memcpy(s->piece + LWS_PRE, b->text + h->off, n);
    if (lws_write(h->wsi, s->piece + LWS_PRE, n, last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) !=
        (int)n)
        return -1;
    h->off += n;
    if (!last) {
        lws_callback_on_writable(h->wsi);
        return 0;
    }
    srv_body_drop(b);
    h->body = NULL;
    return lws_http_transaction_completed(h->wsi) ? -1 : 0;
}

/* GET /api/tables/<id>/record or /replay[?seat=K]: from the archive, at
 * once when it holds the answer, else when its thread has built it. */
/* ?seat=S&step=K of /hint: both numbers (a hint is a seat's, never from
 * above); 1, or 0 with the refusal sent (*rc: how that went). */
static int hint_args(struct lws *wsi, pss *ps, int *seat, int *step, int *rc)
{
    char arg[32];
    unsigned long long k;
    const char *val = lws_get_urlarg_by_name(wsi, "seat=", arg, sizeof arg);
    if (!val || ad_cli_number_in(val, 0, AD_MAX_SEATS - 1, &k) != 0)
        return *rc = http_answer(wsi, ps, 400, "application/json",
                                 srv_refusal_text("bad_seat", "seat is a seat's number: a hint "
                                                              "is one seat's, from its own view")),
               0;
    *seat = (int)k;
    val = lws_get_urlarg_by_name(wsi, "step=", arg, sizeof arg);
    if (!val || ad_cli_number_in(val, 0, INT32_MAX, &k) != 0)
        return *rc = http_answer(wsi, ps, 400, "application/json",
                                 srv_refusal_text("bad_step", "step is a step's number, 0 for "
                                                              "the deal")),
               0;
    *step = (int)k;
    return 1;
}

static int table_answer(server *s, struct lws *wsi, pss *ps, int64_t id, const char *tail)
{
    int seat = SRV_RECORD, step = SRV_NO_STEP;
    int rc = 0;
    if (strcmp(tail, "hint") == 0) {
        if (!hint_args(wsi, ps, &seat, &step, &rc))
            return rc;
    } else if (strcmp(tail, "replay") == 0) {
        /* ?seat=K: the game as seat K saw it; without: from above */
        char arg[32];
        seat = AD_GOD;
        const char *val = lws_get_urlarg_by_name(wsi, "seat=", arg, sizeof arg);
        if (val) {
            unsigned long long k;
            if (ad_cli_number_in(val, 0, AD_MAX_SEATS - 1, &k) != 0)
                return http_answer(wsi, ps, 400, "application/json",
                                   srv_refusal_text("bad_seat", "seat is a seat's number"));
            seat = (int)k;
        }
    } else if (strcmp(tail, "record") != 0) {
        return http_answer(wsi, ps, 404, "application/json",
                           srv_refusal_text("not_found", "a table has /record, /replay and /hint"));
    }
    srv_body *b;
    rc = archive_get(s->arch, id, seat, step, &ps->h->wait, &b);
    if (rc == 0)
        return send_body(s, ps->h, b);
    if (rc > 0) { /* answered when built (give) */
        lws_set_timeout(wsi, PENDING_TIMEOUT_HTTP_CONTENT, HTTP_BUILD_WAIT_S);
        return 0;
    }
    return send_body(s, ps->h, refusal_body(500, "internal", "out of memory"));
}

/* GET /api/stats: the lobby's, and the archive's kept answers. */
static char *stats_text(server *s)
{
    char *held = lobby_stats(s->l);
    json_error_t je;
    json_t *j = held ? json_loads(held, 0, &je) : NULL;
    free(held);
    if (!j)
        return NULL;
    json_object_set_new(j, "replays", archive_stats(s->arch));
    char *text = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    return text;
}

/* GET /api/pictures/<file>: a drawing of the Sequence board.  A board
 * asks for its 48 at once, on each device of a family behind one address,
 * so they are counted as files of web/ are (not at all), not as requests
 * of the API; their bytes still are (send_body). */
static int picture_answer(server *s, struct lws *wsi, pss *ps, const char *uri)
{
    srv_body *pic = ad_api_picture_body(uri);
    return pic ? send_body(s, ps->h, pic)
               : http_answer(wsi, ps, 404, "application/json",
                             srv_refusal_text("not_found", "no picture by that name"));
}

static int api(server *s, struct lws *wsi, pss *ps)
{
    http_req *h = req_of(wsi, ps);
    if (!h)
        return -1;
    char uri[256];
    if (lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI) > 0 &&
        strncmp(uri, "/api/pictures/", 14) == 0)
        return picture_answer(s, wsi, ps, uri);
    if (!addr_rate_request(s->rate, h->addr, srv_now_ms())) {
        char words[96];
        snprintf(words, sizeof words, "too many requests from this address: at most %.0f a "
                 "second", s->http_rate);
        return send_body(s, h, refusal_body(429, "rate_limited", words));
    }
    if (lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI) <= 0)
        return http_answer(wsi, ps, 400, "application/json",
                           srv_refusal_text("bad_field", "a GET of /api/tables/<id>/record"));
    long long id;
    char tail[16];
    int used = 0;
    if (sscanf(uri, "/api/tables/%lld/%15[a-z]%n", &id, tail, &used) == 2 && uri[used] == 0 &&
        id > 0)
        return table_answer(s, wsi, ps, id, tail);
    if (strcmp(uri, "/api/stats") == 0) {
        char *stats = stats_text(s);
        return stats ? http_answer(wsi, ps, 200, "application/json", stats) : -1;
    }
    if (strcmp(uri, "/api/games") == 0)
        return send_body(s, h, ad_api_games_body());
    char *body = NULL;
    const char *type;
    int status = api_static(uri, &body, &type);
    return http_answer(wsi, ps, status, type, body);
}

/* An HTTP request refused before anything is served: the status, the
 * refusal in words as the API gives it, and the connection closes (1).
 * A 405 says which methods are answered (allow). */
static int http_refuse(struct lws *wsi, unsigned status, const char *allow, const char *code,
                       const char *words)
{
    char *body = srv_refusal_text(code, words);
    if (!body)
        return 1;
    size_t n = strlen(body);
    unsigned char buf[LWS_PRE + 2048], *start = buf + LWS_PRE, *p = start,
                                       *end = buf + sizeof buf - 1;
    if (!lws_add_http_common_headers(wsi, status, "application/json", n, &p, end) &&
        (!allow || !lws_add_http_header_by_name(wsi, (const unsigned char *)"allow:",
                                                (const unsigned char *)allow,
                                                (int)strlen(allow), &p, end)) &&
        !add_security_headers(wsi, &p, end) &&
        !lws_add_http_header_by_token(wsi, WSI_TOKEN_CONNECTION, (const unsigned char *)"close",
                                      5, &p, end) &&
        !lws_finalize_http_header(wsi, &p, end) && (size_t)(end - p) >= n) {
        memcpy(p, body, n);
        p += n;
        lws_write(wsi, start, (size_t)(p - start), LWS_WRITE_HTTP_FINAL);
    }
    free(body);
    return 1;
}

/* LWS_CALLBACK_FILTER_HTTP_CONNECTION: every HTTP request but an upgrade
 * passes here before it is served, a file from the web folder (lws' mount)
 * or the API alike.  Only GET is answered, and HEAD of a file (PUT,
 * DELETE, PATCH, OPTIONS, POST: 405), and only for a Host this server
 * answers for (a rebinding page could read /api otherwise: 421). */
static int http_filter(server *s, struct lws *wsi)
{
    char *uri = NULL;
    int n = 0, method = lws_http_get_uri_and_method(wsi, &uri, &n);
    int api = uri && n >= 4 && strncmp(uri, "/api", 4) == 0 &&
              (n == 4 || uri[4] == '/' || uri[4] == '?');
    if (method != LWSHUMETH_GET && (method != LWSHUMETH_HEAD || api))
        return http_refuse(wsi, HTTP_STATUS_METHOD_NOT_ALLOWED, api ? "GET" : "GET, HEAD",
                           "bad_method", api ? "the API answers GET only"
                                             : "only GET and HEAD are answered here");
    if (!host_ok(s, wsi)) {
        char host[128], words[256];
        if (lws_hdr_copy(wsi, host, sizeof host, WSI_TOKEN_HOST) <= 0)
            snprintf(host, sizeof host, "(too long)");
        snprintf(words, sizeof words,
                 "this server does not answer for %s: open it by the address it listens on",
                 host);
        return http_refuse(wsi, 421, NULL, "bad_host", words);
    }
    return 0;
}

/* ---------------------------------------------------------- the callback */

/* The upgrade to /ws: its ?table=N (HAProxy sent it here for table N: a
 * cluster routes by it), and whether it is let in (0) or refused (1). */
static int upgrade_filter(server *s, struct lws *wsi, pss *ps)
{
    char arg[32];
    const char *val = ps ? lws_get_urlarg_by_name(wsi, "table=", arg, sizeof arg) : NULL;
    if (val) {
        char *end;
        long long id = strtoll(val, &end, 10);
        if (*val && !*end && id > 0)
            ps->route = id;
    }
    return origin_ok(s, wsi) ? 0 : 1;
}

/* A file lws serves gets the security headers too. */
static int file_headers(struct lws *wsi, struct lws_process_html_args *a)
{
    unsigned char *p = (unsigned char *)a->p, *end = p + a->max_len;
    if (add_security_headers(wsi, &p, end))
        return 1;
    a->max_len -= (int)((char *)p - a->p);
    a->p = (char *)p;
    return 0;
}

int ad_http_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                     size_t len)
{
    struct lws_vhost *vh = lws_get_vhost(wsi);
    server *s = vh ? lws_vhost_user(vh) : NULL;
    pss *ps = user;
    switch (reason) {
    case LWS_CALLBACK_FILTER_HTTP_CONNECTION:
        return s ? http_filter(s, wsi) : 0;
    case LWS_CALLBACK_HTTP:
        if (lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) <= 0) {
            lws_return_http_status(wsi, HTTP_STATUS_METHOD_NOT_ALLOWED, NULL);
            return -1;
        }
        return api(s, wsi, ps) < 0 ? -1 : 0;
    case LWS_CALLBACK_HTTP_WRITEABLE:
        if (!ps || !ps->h || !ps->h->body)
            break;
        return http_write(s, ps->h);
    case LWS_CALLBACK_HTTP_DROP_PROTOCOL: /* its session is freed next */
    case LWS_CALLBACK_CLOSED_HTTP:
        req_free(ps);
        break;
    case LWS_CALLBACK_ADD_HEADERS:
        return file_headers(wsi, in);
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        return upgrade_filter(s, wsi, ps);
    default: /* the rest as lws does it (a served file's end completes its transaction) */
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
    return 0;
}

void ad_http_built(server *s)
{
    if (s->arch)
        archive_answers(s->arch, give);
}

/* ---------------------------------------------------------- start and end */

/* The HTTP API's rate limits by address, and the archive's thread with
 * its own store handle on db; whom it answers for, by s->host. */
int ad_http_setup(server *s, const char *db, unsigned long long rate, unsigned long long kib,
                  unsigned long long cache_mib, ad_err *err)
{
    s->kind = listen_kind(s->host);
    s->http_rate = (double)rate;
    rate_spec reqs = {(double)rate, (double)rate * (SRV_HTTP_RATE_BURST / SRV_HTTP_RATE_PER_S)};
    rate_spec bytes = {1024.0 * (double)kib,
                       1024.0 * (double)kib * (SRV_HTTP_KIB_BURST / SRV_HTTP_KIB_PER_S)};
    s->rate = addr_rate_new(reqs, bytes);
    s->piece = malloc(LWS_PRE + HTTP_PIECE);
    if (!s->rate || !s->piece)
        return ad_err_set(err, AD_E_INTERNAL, "out of memory");
    s->arch = archive_new(db, s, (size_t)cache_mib << 20, err);
    return s->arch ? 0 : -1;
}

/* After the loop has ended (no request waits any more). */
void ad_http_end(server *s)
{
    archive_free(s->arch);
    addr_rate_free(s->rate);
    free(s->piece);
    s->arch = NULL;
    s->rate = NULL;
    s->piece = NULL;
}
