/*
 * registry.c - the list of games, in the order `games` reports them: one
 * unit each (unit.h), from its family's folder.  Core declares ad_game_find
 * and friends; this file, in the games layer, defines them: the one name
 * core takes from the layer above it.  Adding a game is one line here and
 * its folder.
 */
#include <string.h>

#include "claim/claim_unit.h"
#include "liar/liar_unit.h"
#include "sequence/sequence_unit.h"
#include "shout/shout_unit.h"

static const ad_unit *const units[] = {
    &ad_unit_noway,
    &ad_unit_doubt,
    &ad_unit_sequence,
    &ad_unit_liar,
    &ad_unit_shout,
};

int ad_unit_count(void)
{
    return (int)(sizeof units / sizeof units[0]);
}

const ad_unit *ad_unit_at(int i)
{
    return i >= 0 && i < ad_unit_count() ? units[i] : NULL;
}

/* By address, not by name: the bots' door asks it on every decision. */
const ad_unit *ad_unit_of(const ad_game *g)
{
    for (int i = 0; i < ad_unit_count(); i++)
        if (units[i]->game == g)
            return units[i];
    return NULL;
}

int ad_game_count(void)
{
    return ad_unit_count();
}

const ad_game *ad_game_at(int i)
{
    return i >= 0 && i < ad_game_count() ? units[i]->game : NULL;
}

const ad_game *ad_game_find(const char *id)
{
    for (int i = 0; i < ad_game_count(); i++)
        if (strcmp(units[i]->game->id, id) == 0)
            return units[i]->game;
    return NULL;
}
