/*
 * registry.c - the list of games, in the order `games` reports them.
 * Core declares ad_game_find and friends; this file, in the games layer,
 * defines them: the one name core takes from the layer above it.
 */
#include <string.h>

#include "claim/claim.h"
#include "sequence/sequence.h"
#include "liar/liar.h"
#include "shout/shout.h"

static const ad_game *const games[] = {
    &ad_game_noway,
    &ad_game_doubt,
    &ad_game_sequence,
    &ad_game_liar,
    &ad_game_shout,
};

int ad_game_count(void)
{
    return (int)(sizeof games / sizeof games[0]);
}

const ad_game *ad_game_at(int i)
{
    return i >= 0 && i < ad_game_count() ? games[i] : NULL;
}

const ad_game *ad_game_find(const char *id)
{
    for (int i = 0; i < ad_game_count(); i++)
        if (strcmp(games[i]->id, id) == 0)
            return games[i];
    return NULL;
}
