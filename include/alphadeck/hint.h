/*
 * hint.h - the coach (issue 32; PROTOCOL.md and docs/protocol.md, "Hints"):
 * what a seat could be told now, worked out from that seat's view alone,
 * never from cards it cannot see.  A hint is a JSON object with at least
 * "text" (words for a person) and each game's own fields (No Way and I
 * Doubt It: "lie" in a challenge window, the chance the claim is a lie).
 * Its odds come from the strong player's own sampling, with a generator
 * seeded from what the seat knows (the table's seed, the seat and the
 * number of actions so far), so the same position always gives the same
 * hint, whatever the hidden cards are.
 */
#ifndef ALPHADECK_HINT_H
#define ALPHADECK_HINT_H

#include "alphadeck/alphadeck.h"

#ifdef __cplusplus
extern "C" {
#endif

#pragma GCC visibility push(default)

/* 1 when game g gives hints, 0 when it gives none (yet). */
int ad_hint_offered(const ad_game *g);

/* The seed of a hint's sampling, from what the seat knows: the table's
 * seed, the seat and the position's version (actions so far). */
uint64_t ad_hint_seed(uint64_t table_seed, int seat, uint64_t version);

/* The hint for seat of a players-seat table from its view (made by g->view
 * for that seat), its
 * sampling seeded with seed; think: the sampling's budget (NULL or sims 0:
 * the strong player's default).  NULL with err set: a bad seat
 * (bad_seat), a finished game (game_over), a game without hints
 * (no_hint).  The caller frees the answer. */
json_t *ad_hint_view(const ad_game *g, const void *view, int players, int seat,
                     const ad_bot_opts *think, uint64_t seed, ad_err *err);

/* The same for a seat of a table: its view made here, the seed from the
 * table's seed, the seat and the number of actions in its record. */
json_t *ad_hint_table(const ad_table *t, int seat, const ad_bot_opts *think, ad_err *err);

/* The same two, saying the seats' names where the hint names a seat:
 * names[s] for seat s (NULL, or a NULL entry: the narrator's Ann, Bea,
 * ...), as a person at the table knows them.  The asking seat is "you". */
json_t *ad_hint_view_named(const ad_game *g, const void *view, int players, int seat,
                           const char *const *names, const ad_bot_opts *think, uint64_t seed,
                           ad_err *err);
json_t *ad_hint_table_named(const ad_table *t, int seat, const char *const *names,
                            const ad_bot_opts *think, ad_err *err);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif
