/*
 * names.c - what a person may be called (names.h).  A name is read as
 * Unicode and normalised to NFC first, so that "é" typed as an e and an
 * accent is one character and the same name as the "é" typed at once;
 * then each character is looked at.  Refused is whatever lets a name
 * pretend or hide: control and format characters (a direction override
 * turns the text after it around; a zero-width space makes two names look
 * alike), surrogates, private-use, unassigned code points and
 * noncharacters, a line break, a combining mark with no letter under it or
 * a stack of them, and a name of white space alone.  libunistring knows
 * the characters (Debian libunistring-dev).  What a person says at a
 * table (talk.c) is held to the same rules, so nothing said there can
 * turn a line around or hide in it either.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unictype.h>
#include <uninorm.h>
#include <unistr.h>

#include "names.h"

static int say(char *why, size_t whysz, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int say(char *why, size_t whysz, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, whysz, fmt, ap);
    va_end(ap);
    return -1;
}

static int noncharacter(ucs4_t uc)
{
    return (uc >= 0xFDD0 && uc <= 0xFDEF) || (uc & 0xFFFE) == 0xFFFE;
}

/* Why character uc is in no name, or NULL when it may be. */
static const char *refused(ucs4_t uc)
{
    if (noncharacter(uc))
        return "a noncharacter";
    if (uc_is_general_category_withtable(uc, UC_CATEGORY_MASK_Cc))
        return "a control character";
    if (uc_is_general_category_withtable(uc, UC_CATEGORY_MASK_Cf))
        return "an invisible format character (a direction mark or override, a zero-width "
               "character, a byte order mark, a tag)";
    if (uc_is_general_category_withtable(uc, UC_CATEGORY_MASK_Cs | UC_CATEGORY_MASK_Co |
                                                 UC_CATEGORY_MASK_Cn))
        return "not a character anyone can read (a surrogate, private-use or unassigned)";
    if (uc_is_general_category_withtable(uc, UC_CATEGORY_MASK_Zl | UC_CATEGORY_MASK_Zp))
        return "a line break";
    return NULL;
}

/* Checks a name or a message (what: "name", "message") already in NFC, s
 * of n bytes: the same characters are refused in both. */
static int check(const uint8_t *s, size_t n, int max_chars, const char *what, char *why,
                 size_t whysz)
{
    int chars = 0, marks = 0, seen = 0; /* seen: a character that shows */
    for (size_t i = 0; i < n;) {
        ucs4_t uc;
        i += (size_t)u8_mbtouc(&uc, s + i, n - i);
        chars++;
        const char *bad = refused(uc);
        if (bad)
            return say(why, whysz, "a %s may not hold U+%04X: %s", what, (unsigned)uc, bad);
        if (uc_is_general_category_withtable(uc, UC_CATEGORY_MASK_M)) {
            if (chars == 1)
                return say(why, whysz, "a %s may not start with a combining mark (U+%04X)", what,
                           (unsigned)uc);
            if (++marks > SRV_NAME_MARKS)
                return say(why, whysz, "a %s's characters carry at most %d combining marks each",
                           what, SRV_NAME_MARKS);
        } else {
            marks = 0;
        }
        if (!uc_is_property_white_space(uc) && !uc_is_property_default_ignorable_code_point(uc))
            seen = 1;
    }
    if (chars < 1 || chars > max_chars)
        return say(why, whysz, "a %s is 1 to %d characters (it has %d)", what, max_chars, chars);
    if (!seen)
        return say(why, whysz, "a %s is not blank: white space alone is no %s", what, what);
    return 0;
}

/* Reads `in` as a `what` (see check) into out, in NFC. */
static int normal(const char *in, int max_chars, const char *what, char *out, size_t outsz,
                  char *why, size_t whysz)
{
    size_t n = strlen(in);
    if (n == 0)
        return say(why, whysz, "a %s is 1 to %d characters (it has none)", what, max_chars);
    if (u8_check((const uint8_t *)in, n))
        return say(why, whysz, "a %s is text in UTF-8, and this is not", what);
    size_t len = 0;
    uint8_t *nfc = u8_normalize(UNINORM_NFC, (const uint8_t *)in, n, NULL, &len);
    if (!nfc)
        return say(why, whysz, "the %s could not be read (out of memory)", what);
    int rc = check(nfc, len, max_chars, what, why, whysz);
    if (rc == 0 && len >= outsz)
        rc = say(why, whysz, "a %s is at most %zu bytes of UTF-8", what, outsz - 1);
    if (rc == 0) {
        memcpy(out, nfc, len);
        out[len] = 0;
    }
    free(nfc);
    return rc;
}

int srv_name_normal(const char *in, int max_chars, char *out, size_t outsz, char *why,
                    size_t whysz)
{
    return normal(in, max_chars, "name", out, outsz, why, whysz);
}

int ad_text_normal(const char *in, int max_chars, char *out, size_t outsz, char *why,
                   size_t whysz)
{
    return normal(in, max_chars, "message", out, outsz, why, whysz);
}
