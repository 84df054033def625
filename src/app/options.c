/*
 * options.c - the command line's readers, one for every client: whole
 * decimal numbers checked against a range (refused when outside it, never
 * wrapped), an option's number with the words that refuse it, and a --bots
 * list of a game's levels.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "app.h"

int ad_cli_number_in(const char *s, unsigned long long lo, unsigned long long hi,
                     unsigned long long *out)
{
    int negative = s && s[0] == '-';
    const char *p = negative ? s + 1 : s;
    if (!p || !*p)
        return AD_CLI_NOT_A_NUMBER;
    unsigned long long x = 0;
    int over = 0; /* more than an unsigned long long holds: out of any range */
    for (; *p; p++) {
        if (*p < '0' || *p > '9')
            return AD_CLI_NOT_A_NUMBER;
        unsigned d = (unsigned)(*p - '0');
        if (x > (ULLONG_MAX - d) / 10)
            over = 1;
        else
            x = x * 10 + d;
    }
    if (over || negative || x < lo || x > hi)
        return AD_CLI_OUT_OF_RANGE;
    *out = x;
    return 0;
}

int ad_cli_option_in(const char *cmd, const char *opt, const char *s, unsigned long long lo,
                     unsigned long long hi, unsigned long long *out)
{
    int rc = ad_cli_number_in(s, lo, hi, out);
    if (rc == AD_CLI_NOT_A_NUMBER)
        fprintf(stderr, "alphadeck %s: %s takes a whole number (%llu to %llu), not \"%.40s\"\n",
                cmd, opt, lo, hi, s);
    else if (rc == AD_CLI_OUT_OF_RANGE)
        fprintf(stderr, "alphadeck %s: %s must be %llu to %llu, not %.40s\n", cmd, opt, lo, hi, s);
    return rc < 0 ? -1 : 0;
}

long long ad_cli_number(const char *s)
{
    unsigned long long x;
    int rc = ad_cli_number_in(s, 0, LLONG_MAX, &x);
    if (rc == AD_CLI_OUT_OF_RANGE && s[0] != '-')
        return LLONG_MAX; /* too big for any range; never cut down into one */
    return rc == 0 ? (long long)x : -1;
}

int ad_cli_bot_levels(const char *cmd, const ad_game *g, const char *list, int seats,
                      int flags, char (*levels)[AD_CLI_LEVEL_LEN])
{
    int n = 0;
    for (const char *p = list;; p++) {
        size_t len = strcspn(p, ",");
        char level[AD_CLI_LEVEL_LEN];
        ad_err e;
        if (len == 0) {
            fprintf(stderr, "alphadeck %s: --bots \"%.60s\" has an empty entry: give levels "
                            "separated by single commas\n", cmd, list);
            return -1;
        }
        /* a name too long for level[] is cut, and so is no level either */
        snprintf(level, sizeof level, "%.*s", (int)len, p);
        if (!ad_bot_available(g, level, &e) &&
            !((flags & AD_CLI_LEVELS_MODELS) && ad_bot_model_available(g, level, NULL))) {
            fprintf(stderr, "alphadeck %s: %s\n", cmd, e.text);
            return -1;
        }
        if (n < seats)
            memcpy(levels[n], level, sizeof level);
        n++;
        p += len;
        if (!*p)
            break;
    }
    if ((flags & AD_CLI_LEVELS_PER_SEAT) && n != 1 && n != seats) {
        fprintf(stderr, "alphadeck %s: --bots lists %d levels for %d computer player%s: give one "
                        "level for them all, or one for each in seat order (skipping yours)\n",
                cmd, n, seats, seats == 1 ? "" : "s");
        return -1;
    }
    if (!(flags & AD_CLI_LEVELS_PER_SEAT) && n > seats) {
        fprintf(stderr, "alphadeck %s: --bots lists %d levels for %d seats: give 1 to %d (the "
                        "levels take turns at the seats)\n", cmd, n, seats, seats);
        return -1;
    }
    return n;
}
