/*
 * test_request_reader.c - the server's request reader (core/jsonr.h) gives
 * the tree jansson's json_loadb(text, len, JSON_REJECT_DUPLICATES) gives,
 * member for member and in order, or nothing where jansson gives nothing:
 * the protocol's requests (read by our reader, not handed on), thousands
 * of random trees written compact and indented, the same texts with a byte
 * changed, cut or added, and the edges (duplicate keys, reals, big
 * integers, \u escapes, UTF-8, control characters, depth, text after).
 */
#include "../testutil.h"
#include "core/jsonr.h"

/* The two readers' trees of text alike: both none, or one compact text. */
static void assert_read_alike(const char *text, size_t len)
{
    json_error_t je;
    json_t *want = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    json_t *got = ad_jsonr_load(text, len);
    char *a = want ? json_dumps(want, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
    char *b = got ? json_dumps(got, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
    if ((a == NULL) != (b == NULL) || (a && strcmp(a, b) != 0) || (want && !json_equal(want, got)))
        fail_msg("text %.*s:\n jansson: %s\n ours:    %s", (int)len, text, a ? a : "(none)",
                 b ? b : "(none)");
    free(a);
    free(b);
    json_decref(want);
    json_decref(got);
}

static void the_protocols_requests_are_read_by_our_reader_as_jansson_reads_them(void **state)
{
    (void)state;
    static const char *const requests[] = {
        "{\"cmd\":\"hello\",\"name\":\"Ann\",\"rid\":1}",
        "{\"cmd\":\"hello\",\"name\":\"Ann\",\"deltas\":true,\"rid\":\"a-1\"}",
        "{\"cmd\":\"new\",\"game\":\"noway\",\"players\":4,\"options\":{\"max_turns\":40},"
        "\"bots\":[null,\"basic\",null,\"strong\"],\"rid\":2}",
        "{\"cmd\":\"join\",\"table\":17,\"seat\":3,\"rid\":3}",
        "{\"cmd\":\"act\",\"table\":17,\"action\":{\"type\":\"play\",\"cards\":[\"A\",\"Q\"],"
        "\"say\":\"E\"},\"rid\":4}",
        "{\"cmd\":\"act\",\"table\":17,\"action\":{\"type\":\"pass\"},\"rid\":-5}",
        "{\"cmd\":\"sync\",\"table\":17,\"v\":0,\"rid\":6}",
        "{\"cmd\":\"say\",\"table\":17,\"text\":\"well \\\"played\\\"\\n\\t\\\\ / \\/ \\b\\f\\r\"}",
        " { \"cmd\" : \"tables\" , \"rid\" : 7 } \r\n",
        "{\"cmd\":\"rematch\",\"table\":17,\"yes\":false,\"rid\":null}",
        "{}",
        "[]",
        "[[],{},[{}],0,-0,123456789012345678,-123456789012345678]",
    };
    for (size_t i = 0; i < sizeof requests / sizeof *requests; i++) {
        json_t *ours = ad_jsonr_plain(requests[i], strlen(requests[i]));
        if (!ours)
            fail_msg("our reader handed on %s", requests[i]);
        json_decref(ours);
        assert_read_alike(requests[i], strlen(requests[i]));
    }
}

static void the_edges_are_read_or_refused_as_jansson_does(void **state)
{
    (void)state;
    static const char *const edges[] = {
        "", " ", "{", "}", "{}x", "{} {}", "{\"a\":1,\"a\":2}", "{\"a\":{\"b\":1,\"b\":1}}",
        "{\"a\":01}", "{\"a\":-}", "{\"a\":-01}", "{\"a\":1.5}", "{\"a\":1e3}", "{\"a\":1E3}",
        "{\"a\":12345678901234567890}", "{\"a\":-9223372036854775808}",
        "{\"a\":9223372036854775807}", "{\"a\":1234567890123456789}",
        "{\"a\":\"\\u00e9\"}", "{\"a\":\"\\ud83d\\ude00\"}", "{\"\\u0000\":1}",
        "{\"a\":\"\\u0000\"}", "{\"a\":\"\xc3\xa9\"}", "{\"a\":\"\xc3\"}", "{\"\xc3\xa9\":1}",
        "{\"a\":\"\\q\"}", "{\"a\":\"\\\"}", "{\"a\":[1,]}", "{\"a\":1,}", "{,}", "{\"a\"}",
        "{\"a\" 1}", "\"str\"", "1", "true", "null", "{\"a\":tru}", "{\"a\":truex}",
        "{\"a\":nul}", "{\"a\":falsey}", "{\"a\":\"x\ny\"}", "{\"a\":\"x\x7fy\"}",
        "{\"a\":\"x\x01y\"}", "{a:1}", "{'a':1}", "{\"a\":1}\n", "\t{\"a\":[ 1 , 2 ]}\t",
        "{\"a\":[1 2]}", "{\"a\":+1}", "{\"a\":.5}", "{\"a\":Infinity}", "{\"a\":NaN}",
        "\xef\xbb\xbf{}",
    };
    for (size_t i = 0; i < sizeof edges / sizeof *edges; i++)
        assert_read_alike(edges[i], strlen(edges[i]));
    /* a NUL inside the length, and strings of every length about the room
     * for escapes */
    assert_read_alike("{\"a\":1}\0", 8);
    assert_read_alike("{\"a\":\"\0\"}", 9);
    char buf[2048];
    for (int n = 500; n < 530; n++) {
        int k = snprintf(buf, sizeof buf, "{\"k\":\"");
        for (int i = 0; i < n; i++)
            buf[k++] = i == n / 2 ? '\\' : 'x';
        k += snprintf(buf + k, sizeof buf - (size_t)k, "n\"}");
        assert_read_alike(buf, (size_t)k);
    }
    /* deep: past our depth, and past jansson's */
    for (int depth = 60; depth < 70; depth++) {
        int k = 0;
        for (int i = 0; i < depth; i++)
            buf[k++] = '[';
        for (int i = 0; i < depth; i++)
            buf[k++] = ']';
        assert_read_alike(buf, (size_t)k);
    }
}

/* A random string: mostly printable ASCII, now and then an escape's byte,
 * a control character or UTF-8. */
static json_t *random_string(ad_rng *r)
{
    static const char *const odd[] = {"\"", "\\", "/", "\n", "\t", "\x01", "\xc3\xa9", "\x7f"};
    char s[64];
    size_t n = ad_rng_below(r, 12), k = 0;
    for (size_t i = 0; i < n; i++) {
        if (ad_rng_below(r, 10) == 0) {
            const char *o = odd[ad_rng_below(r, sizeof odd / sizeof *odd)];
            memcpy(s + k, o, strlen(o));
            k += strlen(o);
        } else {
            s[k++] = (char)(' ' + ad_rng_below(r, 95));
        }
    }
    return json_stringn(s, k);
}

static json_t *random_tree(ad_rng *r, int depth)
{
    unsigned kind = ad_rng_below(r, depth > 3 ? 6 : 8);
    switch (kind) {
    case 0: return random_string(r);
    case 1: return json_integer((json_int_t)ad_rng_below(r, 1000) - 500);
    case 2: return json_integer((json_int_t)ad_rng_next(r)); /* all 64 bits */
    case 3: return ad_rng_below(r, 8) ? json_boolean(ad_rng_below(r, 2)) : json_null();
    case 4: return json_real((double)ad_rng_below(r, 100000) / 64.0);
    case 5: return json_string("act");
    case 6: {
        json_t *a = json_array();
        for (unsigned i = ad_rng_below(r, 5); i > 0; i--)
            json_array_append_new(a, random_tree(r, depth + 1));
        return a;
    }
    default: {
        json_t *o = json_object();
        for (unsigned i = ad_rng_below(r, 6); i > 0; i--) {
            json_t *k = random_string(r);
            json_object_set_new(o, json_string_value(k), random_tree(r, depth + 1));
            json_decref(k);
        }
        return o;
    }
    }
}

static void random_texts_and_their_changes_are_read_as_jansson_reads_them(void **state)
{
    (void)state;
    ad_rng r;
    ad_rng_seed(&r, 33);
    int ours = 0;
    for (int i = 0; i < 6000; i++) {
        json_t *t = json_object();
        json_object_set_new(t, "cmd", json_string("act"));
        json_object_set_new(t, "x", random_tree(&r, 0));
        char *text = json_dumps(t, i % 3 ? JSON_COMPACT : JSON_INDENT(2));
        json_decref(t);
        assert_non_null(text);
        size_t len = strlen(text);
        assert_read_alike(text, len);
        json_t *plain = ad_jsonr_plain(text, len);
        ours += plain != NULL;
        json_decref(plain);
        /* a byte changed, cut or added */
        char changed[8192];
        if (len + 2 > sizeof changed) {
            free(text);
            continue;
        }
        for (int m = 0; m < 4; m++) {
            memcpy(changed, text, len);
            size_t at = ad_rng_below(&r, (uint32_t)len), n = len;
            static const char some[] = "{}[],:\"\\0123456789-.eEtfn \x01\x80";
            char c = some[ad_rng_below(&r, sizeof some - 1)];
            if (m == 0) {
                changed[at] = c;
            } else if (m == 1) {
                memmove(changed + at, changed + at + 1, len - at - 1);
                n--;
            } else if (m == 2) {
                memmove(changed + at + 1, changed + at, len - at);
                changed[at] = c;
                n++;
            } else {
                n = at; /* cut short */
            }
            assert_read_alike(changed, n);
        }
        free(text);
    }
    /* the reader reads most by itself: those without reals, \u or UTF-8 */
    assert_true(ours > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_protocols_requests_are_read_by_our_reader_as_jansson_reads_them),
        cmocka_unit_test(the_edges_are_read_or_refused_as_jansson_does),
        cmocka_unit_test(random_texts_and_their_changes_are_read_as_jansson_reads_them),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
