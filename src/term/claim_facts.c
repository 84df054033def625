/*
 * claim_facts.c - a claim game's facts for its displays (claim_facts.h),
 * read from the library: the objection from the narrator's own sentence
 * for a challenge, whether a play may name any class from the legal plays
 * at a fresh table, whether cards are suited from the deck.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "claim_facts.h"
#include "alphadeck/narrate.h"

/* The words the narrator quotes when a seat challenges: "Ann calls "No
 * Way!"" gives No Way. */
static void find_objection(const ad_game *g, char *out, size_t n)
{
    narrator nar = {.g = g, .players = 2, .you = -1};
    json_t *ev = json_pack("{s:s,s:i,s:i}", "type", "challenge", "seat", 0, "of", 1);
    char line[160];
    ad_narrate_event(&nar, ev, line, sizeof line);
    json_decref(ev);
    char *open = strchr(line, '"'), *close = open ? strchr(open + 1, '"') : NULL;
    size_t len = close ? (size_t)(close - open - 1) : 0;
    if (len && open[len] == '!')
        len--;
    snprintf(out, n, "%.*s", (int)len, len ? open + 1 : "");
}

/* Whether a legal play offers more than one class to say. */
static int offers_choice(const json_t *legal)
{
    size_t i;
    json_t *a;
    json_array_foreach(legal, i, a) {
        const char *type = json_string_value(json_object_get(a, "type"));
        if (type && strcmp(type, "play") == 0 && json_array_size(json_object_get(a, "say")) > 1)
            return 1;
    }
    return 0;
}

/* The legal plays at a fresh table, as the first seat asked sees them. */
static int find_say_free(const ad_game *g)
{
    json_t *req = json_pack("{s:s,s:i,s:i}", "game", g->id, "players", g->min_players, "seed", 1);
    ad_table *t = ad_table_new(req, NULL);
    json_decref(req);
    void *view = t ? malloc(g->state_size) : NULL;
    int free_say = 0;
    if (view) {
        const void *st = ad_table_state(t);
        uint32_t ask = g->to_act(st);
        int seat = ask ? __builtin_ctz(ask) : 0;
        g->view(st, seat, view);
        json_t *legal = g->legal_json(view, seat);
        free_say = offers_choice(legal);
        json_decref(legal);
    }
    free(view);
    ad_table_free(t);
    return free_say;
}

/* Whether the deck's faces in play are more than their class (a rank and a
 * suit) rather than the class itself (a letter). */
static int find_suited(const ad_game *g)
{
    const ad_deck *d = ad_deck_get(g->deck);
    for (int k = 0; d && k < d->nkinds; k++)
        if (d->class_of[k] >= 0 && strcmp(d->kind[k], d->class_name[d->class_of[k]]) != 0)
            return 1;
    return 0;
}

const ad_term_claim *ad_term_claim_of(const ad_game *g)
{
    static const ad_game *known[8];
    static ad_term_claim facts[8];
    int i = 0;
    while (i < 8 && known[i] && known[i] != g)
        i++;
    if (i == 8)
        i = 0; /* more claim games than kept: find the facts again */
    if (known[i] != g) {
        facts[i].say_free = find_say_free(g);
        facts[i].suited = find_suited(g);
        find_objection(g, facts[i].objection, sizeof facts[i].objection);
        known[i] = g;
    }
    return &facts[i];
}

void ad_term_claim_class(const ad_term_claim *f, const char *card, char *out, size_t n)
{
    size_t len = strlen(card);
    snprintf(out, n, "%.*s", (int)(f->suited && len > 1 ? len - 1 : len), card);
}
