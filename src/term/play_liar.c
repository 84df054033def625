/*
 * play_liar.c - Liar in `alphadeck play`.  The human sees the hand only
 * while they hold it (the view says so, not this file).  They type a word
 * to announce it ("say WORD" for a word that is also a command), accept
 * or liar (y or n) when a word is said to them, and a letter to discard.
 * Words are judged by the engine: a word of the wrong length or not in the
 * dictionary is refused in its words, and nothing changes.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "play.h"

static const char *phase_of(const json_t *v)
{
    const char *s = json_string_value(json_object_get(v, "phase"));
    return s ? s : "";
}

static int int_of(const json_t *v, const char *key)
{
    return (int)json_integer_value(json_object_get(v, key));
}

static void show(player *p)
{
    json_t *v = play_view(p);
    const json_t *scores = json_object_get(v, "scores");
    fprintf(p->out, "  Scores:");
    play_per_seat(p, scores);
    int deck = int_of(v, "deck_count");
    fprintf(p->out, " (%d wins); draw pile %d card%s.\n", int_of(v, "target"), deck,
            deck == 1 ? "" : "s");
    int holder = int_of(v, "holder"), passes = int_of(v, "passes");
    int size = (int)json_integer_value(
        json_array_get(json_object_get(v, "hand_counts"), (size_t)holder));
    const char *word = json_string_value(json_object_get(v, "word"));
    fprintf(p->out, "  The hand: %d card%s, held by %s", size, size == 1 ? "" : "s",
            play_name(p, holder));
    if (word)
        fprintf(p->out, "; the word is \"%s\", said by %s; %d pass%s.\n", word,
                play_name(p, int_of(v, "announcer")), passes, passes == 1 ? "" : "es");
    else
        fprintf(p->out, "; a fresh hand, no word yet.\n");
    const json_t *hand = json_object_get(v, "hand");
    if (json_array_size(hand)) {
        char cards[200];
        play_cards(hand, cards, sizeof cards);
        fprintf(p->out, "  Your hand: %s\n", cards);
    }
    json_decref(v);
}

static void help(player *p)
{
    fprintf(p->out,
            "When you hold the hand, type a word to announce it to the player on your left: "
            "at most\n4 letters on a fresh hand, else longer than the last word. It need not "
            "be true.\n"
            "  say WORD    announce a word that is also a command (say help)\n"
            "  accept, y   take the hand a word was said to you with (then discard a card)\n"
            "  liar, n     call the word a lie: the hand is shown\n"
            "  E           discard the card E after accepting\n"
            "  Enter       show the scores and the hand again\n"
            "  hint        the words your hand spells, or how likely a word said to you is true\n"
            "  auto        let the computer choose this move for you; help; quit\n");
}

static int prompt(player *p, char *buf, size_t len)
{
    json_t *v = play_view(p);
    const char *phase = phase_of(v);
    const json_t *letters = json_object_get(v, "letters");
    int left = (p->human + 1) % p->players;
    if (strcmp(phase, "respond") == 0)
        snprintf(buf, len, "%s says \"%s\" to you: accept or liar?> ",
                 play_name(p, int_of(v, "announcer")), json_string_value(json_object_get(v, "word")));
    else if (strcmp(phase, "discard") == 0)
        snprintf(buf, len, "Discard one card of the hand> ");
    else if (!json_string_value(json_object_get(v, "word")))
        snprintf(buf, len, "Announce a word of %d-%d letters to %s> ", int_of(letters, "min"),
                 int_of(letters, "max"), play_name(p, left));
    else
        snprintf(buf, len, "Announce a word of %d letters or more to %s> ", int_of(letters, "min"),
                 play_name(p, left));
    json_decref(v);
    return 1;
}

static int is_word(const char *w)
{
    if (!*w)
        return 0;
    for (; *w; w++)
        if (!isalpha((unsigned char)*w))
            return 0;
    return 1;
}

static int parse(player *p, const char *line, json_t **action, char *why, size_t len)
{
    char w[128];
    play_trim(line, w, sizeof w);
    if (!w[0])
        return PLAY_SHOW;
    for (char *c = w; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    json_t *v = play_view(p);
    char phase[16];
    snprintf(phase, sizeof phase, "%s", phase_of(v));
    json_decref(v);
    if (strcmp(phase, "respond") == 0) {
        if (!strcmp(w, "accept") || !strcmp(w, "a") || !strcmp(w, "y") || !strcmp(w, "yes"))
            *action = json_pack("{s:s}", "type", "accept");
        else if (!strcmp(w, "liar") || !strcmp(w, "l") || !strcmp(w, "n") || !strcmp(w, "no"))
            *action = json_pack("{s:s}", "type", "liar");
        else {
            snprintf(why, len, "Answer accept (y) to take the hand, or liar (n) to see it.");
            return PLAY_BAD;
        }
        return PLAY_ACT;
    }
    if (strcmp(phase, "discard") == 0) {
        const char *card = strncmp(w, "discard ", 8) == 0 ? w + 8 : w;
        if (strlen(card) != 1 || !isalpha((unsigned char)card[0])) {
            snprintf(why, len, "Name one letter of your hand to discard, e.g. E.");
            return PLAY_BAD;
        }
        char c[2] = {(char)toupper((unsigned char)card[0]), 0};
        *action = json_pack("{s:s,s:s}", "type", "discard", "card", c);
        return PLAY_ACT;
    }
    const char *word = strncmp(w, "say ", 4) == 0 ? w + 4 : w;
    while (*word == ' ')
        word++;
    if (!is_word(word)) {
        snprintf(why, len, "A word is letters a-z only, e.g. \"cast\".");
        return PLAY_BAD;
    }
    *action = json_pack("{s:s,s:s}", "type", "announce", "word", word);
    return PLAY_ACT;
}

static void result(player *p)
{
    json_t *v = play_view(p);
    int winner = int_of(v, "winner");
    const json_t *scores = json_object_get(v, "scores");
    fprintf(p->out, "\n%s %s the game!\n  Scores:", play_name(p, winner),
            winner == p->human ? "win" : "wins");
    play_per_seat(p, scores);
    fprintf(p->out, ".\n");
    json_decref(v);
}

const play_rules play_liar = {
    .family = "liar",
    .show = show,
    .help = help,
    .prompt = prompt,
    .parse = parse,
    .result = result,
};
