/*
 * test_claim_faces.c - how a claim game's cards are shown, as the library
 * says (ad_claim_card_face): I Doubt It's cards with their suit's sign,
 * red or black by suit, never by their first character; No Way's letters
 * as they are; a card the game does not have is refused.  And the claim
 * facts say whether a last play is turned up at once (No Way's trap).
 */
#include "../testutil.h"

static void test_doubt_cards_show_their_suit_sign_red_or_black_by_suit(void **state)
{
    (void)state;
    const ad_game *g = ad_game_find("doubt");
    static const struct {
        const char *card, *face;
        int red;
    } want[] = {{"10H", "10\u2665", 1}, {"QS", "Q\u2660", 0}, {"AD", "A\u2666", 1},
                {"7C", "7\u2663", 0},   {"KH", "K\u2665", 1}, {"2S", "2\u2660", 0}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        char face[16];
        assert_int_equal(ad_claim_card_face(g, want[i].card, face, sizeof face), want[i].red);
        assert_string_equal(face, want[i].face);
    }
}

static void test_noway_letters_show_as_they_are_and_unknown_cards_are_refused(void **state)
{
    (void)state;
    char face[16];
    assert_int_equal(ad_claim_card_face(ad_game_find("noway"), "H", face, sizeof face), 0);
    assert_string_equal(face, "H"); /* a letter H is no heart */
    assert_int_equal(ad_claim_card_face(ad_game_find("noway"), "10H", face, sizeof face), -1);
    assert_string_equal(face, "");
    assert_int_equal(ad_claim_card_face(ad_game_find("doubt"), "1H", face, sizeof face), -1);
    assert_int_equal(ad_claim_card_face(ad_game_find("liar"), "A", face, sizeof face), -1);
    assert_int_equal(ad_claim_card_face(NULL, "A", face, sizeof face), -1);
}

static void test_claim_info_says_whose_last_play_is_turned_up_at_once(void **state)
{
    (void)state;
    ad_claim_info nw, dt;
    assert_int_equal(ad_claim_info_of(ad_game_find("noway"), &nw), 0);
    assert_int_equal(nw.last_face_up, 1);
    assert_int_equal(ad_claim_info_of(ad_game_find("doubt"), &dt), 0);
    assert_int_equal(dt.last_face_up, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_doubt_cards_show_their_suit_sign_red_or_black_by_suit),
        cmocka_unit_test(test_noway_letters_show_as_they_are_and_unknown_cards_are_refused),
        cmocka_unit_test(test_claim_info_says_whose_last_play_is_turned_up_at_once),
    };
    return cmocka_run_group_tests_name("claim faces", tests, NULL, NULL);
}
