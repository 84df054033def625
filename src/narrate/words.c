/*
 * words.c - the words every family's narrator uses (see narrate.h): the
 * seats' names and lists of things.  Apart from the front (narrate.c), so
 * the families' narrators call down to it and never back into the front.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "narrate_impl.h"

/* n bytes of s at buf[*at], as far as room goes (a NUL's byte kept). */
static void emit(char *buf, size_t len, size_t *at, const char *s, size_t n)
{
    if (*at + 1 < len) {
        size_t room = len - 1 - *at;
        memcpy(buf + *at, s, n < room ? n : room);
    }
    *at += n;
}

int ad_words(char *buf, size_t len, const char *fmt, ...)
{
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    size_t at = 0;
    for (const char *f = fmt; *f;) {
        const char *pc = strchr(f, '%');
        if (!pc) {
            emit(buf, len, &at, f, strlen(f));
            break;
        }
        emit(buf, len, &at, f, (size_t)(pc - f));
        if (pc[1] == 's') {
            const char *s = va_arg(ap, const char *);
            s = s ? s : "(null)"; /* as glibc writes it */
            emit(buf, len, &at, s, strlen(s));
            f = pc + 2;
        } else if (pc[1] == 'd') {
            int v = va_arg(ap, int);
            char num[16], *p = num + sizeof num;
            unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
            do
                *--p = (char)('0' + u % 10);
            while ((u /= 10) != 0);
            if (v < 0)
                *--p = '-';
            emit(buf, len, &at, p, (size_t)(num + sizeof num - p));
            f = pc + 2;
        } else if (pc[1] == '.' && pc[2] == '*' && pc[3] == 's') {
            int most = va_arg(ap, int);
            const char *s = va_arg(ap, const char *);
            s = s ? s : "(null)";
            emit(buf, len, &at, s, most < 0 ? strlen(s) : strnlen(s, (size_t)most));
            f = pc + 4;
        } else if (pc[1] == '%') {
            emit(buf, len, &at, "%", 1);
            f = pc + 2;
        } else { /* not ours: all of it as snprintf writes it */
            va_end(ap);
            int k = vsnprintf(buf, len, fmt, again);
            va_end(again);
            return k;
        }
    }
    va_end(ap);
    va_end(again);
    if (len)
        buf[at < len ? at : len - 1] = '\0';
    return (int)at;
}

_Thread_local uint64_t *ad_narrate_compared;

static const char *const seat_names[AD_MAX_SEATS] = {"Ann", "Bea", "Cal", "Dee", "Eve",
                                                     "Fay", "Gus", "Hal", "Ivy", "Jon"};

const char *ad_narrate_own_name(const narrator *n, int seat)
{
    if (n->names && seat >= 0 && seat < n->players && n->names[seat] && n->names[seat][0])
        return n->names[seat];
    return seat >= 0 && seat < AD_MAX_SEATS ? seat_names[seat] : "Someone";
}

const char *ad_narrate_name(const narrator *n, int seat)
{
    return is_you(n, seat) ? "You" : ad_narrate_own_name(n, seat);
}

void ad_narrate_list(const json_t *items, char *buf, size_t len)
{
    size_t count = json_array_size(items), used = 0;
    if (len)
        buf[0] = 0;
    for (size_t i = 0; i < count && used < len; i++) {
        const char *sep = i == 0 ? "" : i + 1 == count ? " and " : ", ";
        const char *s = json_string_value(json_array_get(items, i));
        used += (size_t)ad_words(buf + used, len - used, "%s%s", sep, s ? s : "?");
    }
}
