/*
 * err.c - the one error type: a stable code (sent as a token) and words
 * for a person.  Tokens are part of the protocol: add, never rename.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "alphadeck/alphadeck.h"

static const char *const tokens[AD_CODE_COUNT] = {
    [AD_OK] = "ok",
    [AD_E_BAD_JSON] = "bad_json",
    [AD_E_LINE_TOO_LONG] = "line_too_long",
    [AD_E_UNKNOWN_CMD] = "unknown_cmd",
    [AD_E_MISSING_FIELD] = "missing_field",
    [AD_E_BAD_FIELD] = "bad_field",
    [AD_E_UNKNOWN_GAME] = "unknown_game",
    [AD_E_BAD_PLAYERS] = "bad_players",
    [AD_E_BAD_OPTION] = "bad_option",
    [AD_E_BAD_CARD] = "bad_card",
    [AD_E_UNKNOWN_ID] = "unknown_id",
    [AD_E_ID_IN_USE] = "id_in_use",
    [AD_E_BAD_SEAT] = "bad_seat",
    [AD_E_NOT_YOUR_TURN] = "not_your_turn",
    [AD_E_GAME_OVER] = "game_over",
    [AD_E_BAD_ACTION] = "bad_action",
    [AD_E_ILLEGAL] = "illegal_action",
    [AD_E_NO_SUCH_CARD] = "no_such_card",
    [AD_E_BAD_RECORD] = "bad_record",
    [AD_E_BAD_LEVEL] = "bad_level",
    [AD_E_IO] = "io",
    [AD_E_INTERNAL] = "internal",
    [AD_E_BAD_DICT] = "bad_dict",
    [AD_E_BAD_WORD] = "bad_word",
    [AD_E_NO_HINT] = "no_hint",
    [AD_E_FAMILY_WORD] = "family_word",
};

const char *ad_code_token(ad_code code)
{
    if ((int)code < 0 || code >= AD_CODE_COUNT)
        return "internal";
    return tokens[code];
}

/* Drops every UTF-8 sequence that a precision ("%.20s") or the end of the
 * buffer split, so the words always encode as valid JSON. */
static void repair_utf8(char *s)
{
    char *out = s;
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        size_t want = *p < 0x80 ? 1 : *p >= 0xF0 ? 4 : *p >= 0xE0 ? 3 : *p >= 0xC0 ? 2 : 0;
        size_t k = 1;
        while (want > 1 && k < want && (p[k] & 0xC0) == 0x80)
            k++;
        if (want != 0 && k == want) {
            memmove(out, p, k);
            out += k;
        }
        p += want == 0 ? 1 : k;
    }
    *out = 0;
}

int ad_err_set(ad_err *err, ad_code code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        err->code = code;
        va_start(ap, fmt);
        vsnprintf(err->text, sizeof err->text, fmt, ap);
        va_end(ap);
        repair_utf8(err->text);
    }
    return -1;
}
