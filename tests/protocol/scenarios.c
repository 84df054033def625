/*
 * scenarios.c - runs protocol scenarios against the `alphadeck engine`
 * binary, one cmocka test per scenario file.
 *
 * Usage: scenarios ALPHADECK_BINARY FILE.scn...
 *
 * Each scenario runs a fresh `ALPHADECK_BINARY engine` with all of the
 * scenario's requests on its stdin, then compares the replies, in order,
 * with the expected ones.  The engine must exit with status 0 and write
 * nothing to stderr (so an ASan or UBSan report fails the scenario).
 *
 * Scenario file format, one directive a line:
 *
 *   # text           a comment; blank lines are ignored too
 *   > TEXT           a request: TEXT is sent verbatim, byte for byte, as one
 *                    line (it may hold any raw byte but a newline)
 *   >hex HEX         a request given as hex bytes ("7b 7d", spaces optional),
 *                    for a NUL byte, invalid UTF-8 or a bare CR
 *   >big N           a request of N bytes of 'x' (N up to 16 MB)
 *   >silent TEXT     a line the engine must NOT answer (a blank line); sent
 *                    verbatim like `> ` and followed by no `<` line.  That
 *                    no reply came is checked by the count and order of the
 *                    replies to the requests around it.
 *   < JSON           the expected reply to the request just before it
 *
 * Every `>`, `>hex` and `>big` line is followed by exactly one `<` line.
 * A `<` line is a JSON value that must MATCH the actual reply:
 *   - an object matches when every key it has is present in the reply with
 *     a matching value (keys the reply has beyond those are not checked);
 *   - an array matches an array of the same length, element by element;
 *     but an expected array whose first element is "$prefix" matches an
 *     array that starts with the elements after it (and may go on);
 *   - any other value matches an equal value (1 and 1.0 differ);
 *   - as a value, these strings are patterns:
 *       "$absent"  the key must not be in the reply's object
 *       "$any"     the key must be present, with any value
 *       "$int" "$string" "$array" "$object" "$bool"  any value of that type
 *     and a string that starts with "$$" stands for itself minus one "$".
 *
 * On a mismatch the test fails and prints the scenario file, the line number
 * of the `<` line, the request, the path of the first difference, the
 * expected value and the actual reply.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#define BIG_MAX (16L * 1024 * 1024)
#define TIMEOUT_SECONDS 60
#define MAX_REPORTS 5

typedef struct scenario {
    const char *binary;
    const char *path;
} scenario;

/* One request and what is expected of it. */
typedef struct step {
    int req_line;    /* line of the `>` directive */
    int exp_line;    /* line of the `<` directive, 0 for >silent */
    char *req;       /* bytes sent, without the newline */
    size_t req_len;
    json_t *expect;  /* NULL for >silent */
} step;

typedef struct steps {
    step *v;
    int n, cap;
} steps;

/* A growing text buffer for the failure report. */
typedef struct text {
    char *s;
    size_t len, cap;
} text;

static void text_add(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void text_add(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if (t->len + (size_t)n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 256;
        while (cap < t->len + (size_t)n + 1)
            cap *= 2;
        char *s = realloc(t->s, cap);
        if (!s)
            return;
        t->s = s;
        t->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

static void steps_free(steps *ss)
{
    for (int i = 0; i < ss->n; i++) {
        free(ss->v[i].req);
        json_decref(ss->v[i].expect);
    }
    free(ss->v);
    ss->v = NULL;
    ss->n = ss->cap = 0;
}

static step *steps_push(steps *ss)
{
    if (ss->n == ss->cap) {
        int cap = ss->cap ? ss->cap * 2 : 32;
        step *v = realloc(ss->v, (size_t)cap * sizeof *v);
        if (!v)
            return NULL;
        ss->v = v;
        ss->cap = cap;
    }
    step *s = &ss->v[ss->n++];
    memset(s, 0, sizeof *s);
    return s;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decodes "7b 22 41" into bytes; returns the length or -1. */
static long decode_hex(const char *s, size_t len, char *out)
{
    long n = 0;
    size_t i = 0;
    while (i < len) {
        if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r') {
            i++;
            continue;
        }
        if (i + 1 >= len || hexval(s[i]) < 0 || hexval(s[i + 1]) < 0)
            return -1;
        out[n++] = (char)(hexval(s[i]) * 16 + hexval(s[i + 1]));
        i += 2;
    }
    return n;
}

static int starts(const char *line, size_t len, const char *prefix)
{
    size_t p = strlen(prefix);
    return len >= p && memcmp(line, prefix, p) == 0;
}

/* Reads a scenario file into ss; on error, a message in report. */
static int parse_scenario(const char *path, steps *ss, text *report)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        text_add(report, "%s: cannot open: %s\n", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    int lineno = 0, rc = 0;
    step *open = NULL; /* a request still waiting for its `<` line */
    while ((got = getline(&line, &cap, f)) >= 0) {
        size_t len = (size_t)got;
        lineno++;
        if (len > 0 && line[len - 1] == '\n')
            len--;
        size_t k = 0;
        while (k < len && (line[k] == ' ' || line[k] == '\t' || line[k] == '\r'))
            k++;
        if (k == len || line[0] == '#')
            continue;
        if (line[0] == '<') {
            if (!open) {
                text_add(report, "%s:%d: a `<` line with no request before it\n", path, lineno);
                rc = -1;
                break;
            }
            json_error_t je;
            open->expect = json_loadb(line + 1, len - 1, JSON_DECODE_ANY, &je);
            if (!open->expect) {
                text_add(report, "%s:%d: the expected reply is not JSON: %s (column %d)\n", path,
                         lineno, je.text, je.column);
                rc = -1;
                break;
            }
            open->exp_line = lineno;
            open = NULL;
            continue;
        }
        if (line[0] != '>') {
            text_add(report, "%s:%d: a line must start with `>`, `<` or `#`\n", path, lineno);
            rc = -1;
            break;
        }
        if (open) {
            text_add(report, "%s:%d: the request on line %d has no `<` line\n", path, lineno,
                     open->req_line);
            rc = -1;
            break;
        }
        step *s = steps_push(ss);
        if (!s) {
            text_add(report, "out of memory\n");
            rc = -1;
            break;
        }
        s->req_line = lineno;
        if (starts(line, len, "> ") || starts(line, len, ">silent ") ||
            (len == 7 && starts(line, len, ">silent"))) {
            int silent = line[1] == 's';
            size_t skip = silent ? (len > 7 ? 8 : 7) : 2;
            s->req_len = len - skip;
            s->req = malloc(s->req_len + 1);
            if (s->req)
                memcpy(s->req, line + skip, s->req_len);
            if (!silent)
                open = s;
        } else if (starts(line, len, ">hex ")) {
            s->req = malloc(len);
            long n = s->req ? decode_hex(line + 5, len - 5, s->req) : -1;
            if (n < 0) {
                text_add(report, "%s:%d: bad hex bytes\n", path, lineno);
                rc = -1;
                break;
            }
            s->req_len = (size_t)n;
            open = s;
        } else if (starts(line, len, ">big ")) {
            char num[32];
            size_t nl = len - 5 < sizeof num - 1 ? len - 5 : sizeof num - 1;
            memcpy(num, line + 5, nl);
            num[nl] = 0;
            char *end;
            long n = strtol(num, &end, 10);
            while (*end == ' ' || *end == '\r')
                end++;
            if (end == num || *end || n < 0 || n > BIG_MAX) {
                text_add(report, "%s:%d: `>big N` needs N from 0 to %ld\n", path, lineno,
                         BIG_MAX);
                rc = -1;
                break;
            }
            s->req = malloc((size_t)n + 1);
            if (s->req)
                memset(s->req, 'x', (size_t)n);
            s->req_len = (size_t)n;
            open = s;
        } else {
            text_add(report, "%s:%d: unknown directive (use `> `, `>hex `, `>big `, `>silent`)\n",
                     path, lineno);
            rc = -1;
            break;
        }
        if (!s->req) {
            text_add(report, "out of memory\n");
            rc = -1;
            break;
        }
    }
    if (rc == 0 && open) {
        text_add(report, "%s:%d: the request has no `<` line\n", path, open->req_line);
        rc = -1;
    }
    if (rc == 0 && ss->n == 0) {
        text_add(report, "%s: no requests\n", path);
        rc = -1;
    }
    free(line);
    fclose(f);
    return rc;
}

/* ------------------------------------------------------------ matching */

static const char *type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a real";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    default: return "null";
    }
}

/* Appends ".key" or "[i]" to a path. */
static void path_key(char *out, size_t cap, const char *path, const char *key)
{
    snprintf(out, cap, "%s.%s", path, key);
}

static void path_index(char *out, size_t cap, const char *path, size_t i)
{
    snprintf(out, cap, "%s[%zu]", path, i);
}

/* 1 if actual (may be NULL: absent) matches the pattern exp; else 0 and
 * why, with the path, in why. */
static int match(const json_t *exp, const json_t *act, const char *path, text *why)
{
    if (json_is_string(exp)) {
        const char *p = json_string_value(exp);
        if (p[0] == '$' && p[1] != '$') {
            if (strcmp(p, "$absent") == 0) {
                if (!act)
                    return 1;
                char *s = json_dumps(act, JSON_COMPACT | JSON_ENCODE_ANY);
                text_add(why, "at %s: expected no such key, found %s", path, s ? s : "?");
                free(s);
                return 0;
            }
            if (!act) {
                text_add(why, "at %s: the key is missing", path);
                return 0;
            }
            int ok = strcmp(p, "$any") == 0 || (strcmp(p, "$int") == 0 && json_is_integer(act)) ||
                     (strcmp(p, "$string") == 0 && json_is_string(act)) ||
                     (strcmp(p, "$array") == 0 && json_is_array(act)) ||
                     (strcmp(p, "$object") == 0 && json_is_object(act)) ||
                     (strcmp(p, "$bool") == 0 && json_is_boolean(act));
            if (!ok)
                text_add(why, "at %s: expected %s, found %s", path, p, type_name(act));
            return ok;
        }
    }
    if (!act) {
        text_add(why, "at %s: the key is missing", path);
        return 0;
    }
    if (json_is_object(exp)) {
        if (!json_is_object(act)) {
            text_add(why, "at %s: expected an object, found %s", path, type_name(act));
            return 0;
        }
        const char *key;
        json_t *val;
        char sub[512];
        json_object_foreach((json_t *)exp, key, val) {
            path_key(sub, sizeof sub, path, key);
            if (!match(val, json_object_get(act, key), sub, why))
                return 0;
        }
        return 1;
    }
    if (json_is_array(exp)) {
        if (!json_is_array(act)) {
            text_add(why, "at %s: expected an array, found %s", path, type_name(act));
            return 0;
        }
        /* ["$prefix", a, b]: the actual array starts with a, b */
        const json_t *first = json_array_get(exp, 0);
        size_t skip = json_is_string(first) && strcmp(json_string_value(first), "$prefix") == 0;
        size_t want = json_array_size(exp) - skip;
        if (skip ? json_array_size(act) < want : json_array_size(act) != want) {
            text_add(why, "at %s: expected %s%zu elements, found %zu", path,
                     skip ? "at least " : "", want, json_array_size(act));
            return 0;
        }
        char sub[512];
        for (size_t i = 0; i < want; i++) {
            path_index(sub, sizeof sub, path, i);
            if (!match(json_array_get(exp, i + skip), json_array_get(act, i), sub, why))
                return 0;
        }
        return 1;
    }
    if (json_is_string(exp) && json_is_string(act)) {
        const char *e = json_string_value(exp);
        if (e[0] == '$' && e[1] == '$')
            e++;
        if (strcmp(e, json_string_value(act)) == 0)
            return 1;
    } else if (json_equal((json_t *)exp, (json_t *)act)) {
        return 1;
    }
    char *s1 = json_dumps(exp, JSON_COMPACT | JSON_ENCODE_ANY);
    char *s2 = json_dumps(act, JSON_COMPACT | JSON_ENCODE_ANY);
    text_add(why, "at %s: expected %s, found %s", path, s1 ? s1 : "?", s2 ? s2 : "?");
    free(s1);
    free(s2);
    return 0;
}

/* ------------------------------------------------------------- running */

static int make_temp(char *name, size_t cap, const char *what)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir)
        dir = "/tmp";
    snprintf(name, cap, "%s/alphadeck-scn-%s-XXXXXX", dir, what);
    return mkstemp(name);
}

static int write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Runs `binary engine` with in_fd as stdin; stdout and stderr to the given
 * descriptors.  Returns the wait status, or -1. */
static int run_engine(const char *binary, int in_fd, int out_fd, int err_fd)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0)
            _exit(127);
        alarm(TIMEOUT_SECONDS); /* survives exec: a hung engine is killed */
        execl(binary, binary, "engine", (char *)NULL);
        fprintf(stderr, "cannot run %s: %s\n", binary, strerror(errno));
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return status;
}

/* Shows at most `max` bytes of a request, with unprintable bytes escaped. */
static void add_request(text *t, const char *req, size_t len)
{
    size_t max = 300;
    for (size_t i = 0; i < len && i < max; i++) {
        unsigned char c = (unsigned char)req[i];
        if (c >= 0x20 && c < 0x7f && c != '\\')
            text_add(t, "%c", c);
        else
            text_add(t, "\\x%02x", c);
    }
    if (len > max)
        text_add(t, "... (%zu bytes in all)", len);
}

static char *slurp(FILE *f, size_t *len)
{
    text t = {0};
    char buf[4096];
    size_t n;
    rewind(f);
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        text_add(&t, "%.*s", (int)n, buf);
    *len = t.len;
    return t.s;
}

/* Runs one scenario; returns 0 when it passes, else -1 with report filled. */
static int run_scenario_file(const scenario *sc, text *report)
{
    steps ss = {0};
    if (parse_scenario(sc->path, &ss, report) < 0) {
        steps_free(&ss);
        return -1;
    }
    char in_name[256], out_name[256], err_name[256];
    int in_fd = make_temp(in_name, sizeof in_name, "in");
    int out_fd = make_temp(out_name, sizeof out_name, "out");
    int err_fd = make_temp(err_name, sizeof err_name, "err");
    int rc = 0;
    if (in_fd < 0 || out_fd < 0 || err_fd < 0) {
        text_add(report, "cannot make temporary files: %s\n", strerror(errno));
        rc = -1;
        goto done;
    }
    for (int i = 0; i < ss.n && rc == 0; i++)
        if (write_all(in_fd, ss.v[i].req, ss.v[i].req_len) < 0 || write_all(in_fd, "\n", 1) < 0)
            rc = -1;
    if (rc < 0 || lseek(in_fd, 0, SEEK_SET) < 0) {
        text_add(report, "cannot write the requests: %s\n", strerror(errno));
        rc = -1;
        goto done;
    }
    int status = run_engine(sc->binary, in_fd, out_fd, err_fd);
    if (status == -1) {
        text_add(report, "cannot run %s: %s\n", sc->binary, strerror(errno));
        rc = -1;
        goto done;
    }

    FILE *out = fdopen(dup(out_fd), "rb");
    FILE *err = fdopen(dup(err_fd), "rb");
    if (!out || !err) {
        if (out)
            fclose(out);
        if (err)
            fclose(err);
        text_add(report, "cannot read the engine's output\n");
        rc = -1;
        goto done;
    }
    rewind(out);
    char *line = NULL;
    size_t cap = 0;
    int reports = 0;
    for (int i = 0; i < ss.n; i++) {
        step *s = &ss.v[i];
        if (!s->expect)
            continue; /* >silent: no reply to read */
        ssize_t got = getline(&line, &cap, out);
        if (got < 0) {
            text_add(report, "%s:%d: no reply (the engine's output ended) to the request on line "
                             "%d:\n  request:  ", sc->path, s->exp_line, s->req_line);
            add_request(report, s->req, s->req_len);
            text_add(report, "\n");
            rc = -1;
            break;
        }
        size_t len = (size_t)got;
        if (len > 0 && line[len - 1] == '\n')
            len--;
        json_error_t je;
        json_t *actual = json_loadb(line, len, 0, &je);
        text why = {0};
        int ok;
        if (!actual) {
            text_add(&why, "the reply is not a JSON object (%s)", je.text);
            ok = 0;
        } else {
            ok = match(s->expect, actual, "reply", &why);
        }
        if (!ok) {
            rc = -1;
            if (reports++ < MAX_REPORTS) {
                char *exp = json_dumps(s->expect, JSON_COMPACT | JSON_ENCODE_ANY);
                text_add(report, "%s:%d: mismatch %s\n  request:  ", sc->path, s->exp_line,
                         why.s ? why.s : "");
                add_request(report, s->req, s->req_len);
                text_add(report, "\n  expected: %s\n  actual:   %.*s%s\n", exp ? exp : "?",
                         (int)(len > 4000 ? 4000 : len), line, len > 4000 ? "..." : "");
                free(exp);
            }
        }
        free(why.s);
        json_decref(actual);
    }
    if (rc == 0 && getline(&line, &cap, out) >= 0) {
        text_add(report, "%s: the engine sent more replies than expected; the first extra one: "
                         "%s", sc->path, line);
        rc = -1;
    }
    free(line);
    if (reports > MAX_REPORTS)
        text_add(report, "(%d more mismatches not shown)\n", reports - MAX_REPORTS);
    if (WIFSIGNALED(status)) {
        text_add(report, "%s: the engine was killed by signal %d%s\n", sc->path, WTERMSIG(status),
                 WTERMSIG(status) == SIGALRM ? " (timeout)" : "");
        rc = -1;
    } else if (WEXITSTATUS(status) != 0) {
        text_add(report, "%s: the engine exited with status %d\n", sc->path, WEXITSTATUS(status));
        rc = -1;
    }
    size_t elen;
    char *etext = slurp(err, &elen);
    if (elen > 0) {
        text_add(report, "%s: the engine wrote to stderr:\n%.*s%s\n", sc->path,
                 (int)(elen > 8000 ? 8000 : elen), etext, elen > 8000 ? "..." : "");
        rc = -1;
    }
    free(etext);
    fclose(out);
    fclose(err);

done:
    if (in_fd >= 0) {
        close(in_fd);
        unlink(in_name);
    }
    if (out_fd >= 0) {
        close(out_fd);
        unlink(out_name);
    }
    if (err_fd >= 0) {
        close(err_fd);
        unlink(err_name);
    }
    steps_free(&ss);
    return rc;
}

static void test_scenario(void **state)
{
    const scenario *sc = *state;
    text report = {0};
    int rc = run_scenario_file(sc, &report);
    if (rc == 0) {
        free(report.s);
        return;
    }
    /* print, free, then fail: nothing leaks when cmocka jumps out */
    fflush(stdout);
    fputs(report.s ? report.s : "scenario failed\n", stderr);
    fflush(stderr);
    free(report.s);
    fail();
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s ALPHADECK_BINARY FILE.scn...\n", argv[0]);
        return 2;
    }
    int n = argc - 2;
    scenario *scs = calloc((size_t)n, sizeof *scs);
    if (!scs)
        return 2;
    struct CMUnitTest tests[n];
    for (int i = 0; i < n; i++) {
        scs[i].binary = argv[1];
        scs[i].path = argv[i + 2];
        memset(&tests[i], 0, sizeof tests[i]);
        tests[i].name = base_name(argv[i + 2]);
        tests[i].test_func = test_scenario;
        tests[i].initial_state = &scs[i];
    }
    int failed = cmocka_run_group_tests_name("protocol scenarios", tests, NULL, NULL);
    free(scs);
    return failed ? 1 : 0;
}
