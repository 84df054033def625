/*
 * test_lexicon_places.c - the places of the deck's multi-letter cards in
 * each word, kept in the letter table (issue 33) so that ad_lex_words
 * decides most words that need such a card without reading their letters:
 * every place is there, with the number of table words its word goes
 * after when it takes that card there; and a table written before the
 * places were kept is passed over, not read as if it had them.
 */
#include <unistd.h>

#include "../testutil.h"

#include "alphadeck/lexicon.h"
#include "lexicon/lex.h"

/* The table words whose first `len` letters are not beyond word's: a
 * binary search over the table, which is in alphabetical order. */
static uint32_t words_up_to(const lex_sigs *s, const char *word, int len)
{
    long lo = 0, hi = s->n;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (strncmp(s->text + s->at[mid], word, (size_t)len) <= 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (uint32_t)lo;
}

/* Word i's places, found by trying every card at every place, against
 * those the table keeps (in place order, the cards of one place by id). */
static void same_places(const lex_sigs *s, long i)
{
    const lex_cards *t = ad_lex_cards_get();
    const char *w = s->text + s->at[i];
    int len = (int)strlen(w);
    uint32_t k = s->occ_at[i];
    for (int p = 0; p < len; p++)
        for (int id = AD_LEX_WILD + 1; id < t->n; id++) {
            if (p + t->len[id] > len || memcmp(w + p, t->letters[id], t->len[id]) != 0)
                continue;
            if (k >= s->occ_at[i + 1])
                fail_msg("%s: the place of %s at %d is missing", w, t->name[id], p);
            uint64_t o = s->occ[k++];
            assert_int_equal((o >> 32) & 0xff, p);
            assert_int_equal((o >> 40) & 0xff, id);
            uint32_t want = p ? words_up_to(s, w, p) : (uint32_t)s->n;
            if ((uint32_t)o != want)
                fail_msg("%s, %s at %d: after %u words, not %u", w, t->name[id], p,
                         (unsigned)(uint32_t)o, (unsigned)want);
        }
    assert_int_equal(k, s->occ_at[i + 1]);
}

static void test_every_place_of_a_multi_letter_card_in_every_word_is_kept(void **state)
{
    (void)state;
    ad_lex *lex = ad_lex_load_default(NULL);
    assert_non_null(lex);
    const lex_sigs *s = ad_lex_sigs_get(lex);
    assert_non_null(s);
    assert_true(s->nocc > s->n / 2); /* TH, ER, IN, ... are everywhere */
    for (long i = 0; i < s->n; i++)
        same_places(s, i);
    ad_lex_free(lex);
}

static const char list[] = "then\nthe\nhen\nten\nnet\nthee\nteeth\nhent\nnth\nthethe\n";

static void test_a_table_written_before_the_places_were_kept_is_passed_over(void **state)
{
    (void)state;
    char dir[] = "/tmp/ad_lex_places_XXXXXX", idx[64], tab[64];
    assert_non_null(mkdtemp(dir));
    snprintf(idx, sizeof idx, "%s/list.idx", dir);
    snprintf(tab, sizeof tab, "%s/list.tab", dir);
    ad_lex *l = ad_lex_load_text(list, strlen(list), NULL);
    assert_non_null(l);
    assert_int_equal(ad_lex_save(l, idx, NULL), 0);
    assert_int_equal(ad_lex_save_table(l, idx, NULL), 0);
    ad_lex_free(l);
    ad_lex *m = ad_lex_load_index(idx, NULL);
    assert_non_null(m);
    assert_non_null(ad_lex_sigs_get(m)->map); /* as written: mapped */
    ad_lex_free(m);
    FILE *f = fopen(tab, "r+b");
    assert_non_null(f);
    fseek(f, 7, SEEK_SET); /* the format's version, the magic's last byte */
    fputc(1, f);
    fclose(f);
    m = ad_lex_load_index(idx, NULL);
    assert_non_null(m);
    const lex_sigs *s = ad_lex_sigs_get(m);
    assert_null(s->map); /* made from the DAWG instead, places and all */
    for (long i = 0; i < s->n; i++)
        same_places(s, i);
    ad_lex_free(m);
    unlink(idx);
    unlink(tab);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_place_of_a_multi_letter_card_in_every_word_is_kept),
        cmocka_unit_test(test_a_table_written_before_the_places_were_kept_is_passed_over),
    };
    return cmocka_run_group_tests_name("the places of multi-letter cards in the table", tests,
                                       NULL, NULL);
}
