/*
 * test_names.c - the server's names (src/server/names.c): each class of
 * character shared/PROTOCOL.md's "Names" refuses is refused with words,
 * ordinary names of any script are kept, and what is kept is the NFC form;
 * a message said at a table (ad_text_normal) follows the same rules.
 */
#include "../testutil.h"
#include "server/names.h"

#define MAX 24

static int check(const char *in, char *out)
{
    char why[200] = "";
    int rc = srv_name_normal(in, MAX, out, MAX * 4 + 1, why, sizeof why);
    if (rc < 0 && why[0] == 0)
        fail_msg("refused %s without words", in);
    return rc;
}

static void refused_classes(void **state)
{
    (void)state;
    const char *bad[] = {
        "",                         /* none */
        "abcdefghijklmnopqrstuvwxy", /* 25 */
        "a\xc2\x85" "b",            /* U+0085 NEL, a C1 control */
        "a\xc2\x9b" "b",            /* U+009B CSI */
        "a\x01" "b",                /* a C0 control */
        "\xe2\x80\xae" "evil",      /* U+202E right-to-left override */
        "a\xe2\x80\x8b" "b",        /* U+200B zero-width space */
        "a\xe2\x80\x8d" "b",        /* U+200D zero-width joiner */
        "\xef\xbb\xbf",             /* a lone BOM */
        "   ",                      /* blank */
        "\xe3\x80\x80",             /* U+3000 ideographic space alone */
        "a\xe2\x80\xa8" "b",        /* U+2028 line separator */
        "a\xef\xb7\x90",            /* U+FDD0 noncharacter */
        "a\xef\xbf\xbe",            /* U+FFFE */
        "a\xf3\xa0\x81\x81",        /* U+E0041 tag A */
        "a\xee\x80\x80",            /* U+E000 private use */
        "a\xf0\x9f\xbf\xbf",        /* U+1FFFF noncharacter */
        "x\xcc\x81\xcc\x82\xcc\x83\xcc\x84", /* four combining marks on one letter */
        "\xcc\x81" "a",             /* starting with a combining mark */
        "a\xff" "b",                /* not UTF-8 */
        "a\xed\xa0\x80",            /* a surrogate in UTF-8 */
    };
    char out[MAX * 4 + 1];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (check(bad[i], out) == 0)
            fail_msg("accepted bad name %zu", i);
}

static void kept_names(void **state)
{
    (void)state;
    const char *good[] = {
        "A",
        "abcdefghijklmnopqrstuvwx",     /* 24 */
        "Zo\xc3\xab Fran\xc3\xa7oise",  /* accents */
        "\xe5\xb1\xb1\xe7\x94\xb0",     /* CJK */
        "Mia \xf0\x9f\x90\xb1",         /* an emoji */
        "\xe2\x9d\xa4\xef\xb8\x8f",     /* an emoji with its variation selector */
        "\xe0\xb8\x81\xe0\xb8\xb5\xe0\xb9\x89", /* Thai: a consonant with a vowel and a tone */
        "  Bo  ",                       /* spaces around are the person's own */
    };
    char out[MAX * 4 + 1];
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        if (check(good[i], out) < 0)
            fail_msg("refused good name %zu", i);
        assert_string_equal(out, good[i]);
    }
}

static void kept_in_nfc(void **state)
{
    (void)state;
    char out[MAX * 4 + 1];
    /* e + U+0301 is one character, é: 24 of them are a name, as NFC */
    char in[24 * 3 + 1] = "";
    for (int i = 0; i < 24; i++)
        strcat(in, "e\xcc\x81");
    assert_int_equal(check(in, out), 0);
    char want[24 * 2 + 1] = "";
    for (int i = 0; i < 24; i++)
        strcat(want, "\xc3\xa9");
    assert_string_equal(out, want);
}

/* A message said at a table (talk.c) is held to the same rules, up to its
 * own length, and its refusals speak of a message. */
static void messages_held_to_the_same_rules(void **state)
{
    (void)state;
    char out[200 * 4 + 1], why[200] = "";
    char in[202];
    memset(in, 'x', 200);
    in[200] = 0;
    assert_int_equal(ad_text_normal(in, 200, out, sizeof out, why, sizeof why), 0);
    strcat(in, "x");
    assert_int_equal(ad_text_normal(in, 200, out, sizeof out, why, sizeof why), -1);
    assert_non_null(strstr(why, "a message is 1 to 200"));
    assert_int_equal(ad_text_normal("\xe2\x80\xae" "evil", 200, out, sizeof out, why, sizeof why), -1);
    assert_non_null(strstr(why, "a message may not hold U+202E"));
    assert_int_equal(ad_text_normal("Caf" "e\xcc\x81!", 200, out, sizeof out, why, sizeof why), 0);
    assert_string_equal(out, "Caf\xc3\xa9!");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(refused_classes),
        cmocka_unit_test(kept_names),
        cmocka_unit_test(kept_in_nfc),
        cmocka_unit_test(messages_held_to_the_same_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
