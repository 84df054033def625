/*
 * talk.c - table talk (shared/PROTOCOL.md, "Table talk"; docs/server.md):
 * `react` sends one of the reactions data/talk/reactions.txt lists (GET
 * /api/reactions), `say` a short message at a table made with "talk":
 * "chat".  Either is pushed at once to everyone at the table, seated or
 * watching, and kept nowhere: talk is no part of a game, so it is neither
 * in the record nor in the store, and a page loaded later sees only what
 * is said from then on.  Each person has a bucket of talk (a burst, then
 * one every so often), whichever connection they talk from, so that one
 * person cannot drown a table.  A message is held to the rules of a name
 * (names.c): nothing in it may turn a line around or hide.
 */
#include "lobby_impl.h"
#include "names.h"

#define REACTIONS_MAX 32 /* reactions the data may list */
#define TALKERS_KEPT 256 /* buckets held before full ones are let go */

/* ------------------------------------------------------------ the reactions */

typedef struct reaction {
    char id[32], emoji[32], text[64];
} reaction;

static reaction reactions[REACTIONS_MAX];
static int nreactions = -1; /* -1: not read yet (the loop's thread reads it, once) */

/* One line of the data, "ID EMOJI TEXT": 0, or -1 when it is not that. */
static int parse_reaction(const char *line, size_t len, reaction *r)
{
    char buf[160];
    if (len >= sizeof buf)
        return -1;
    memcpy(buf, line, len);
    buf[len] = 0;
    int text_at = 0;
    if (sscanf(buf, "%31s %31s %n", r->id, r->emoji, &text_at) != 2 || !buf[text_at])
        return -1;
    snprintf(r->text, sizeof r->text, "%s", buf + text_at);
    return 0;
}

/* The reactions, read from the library's data on first use. */
static void read_reactions(void)
{
    if (nreactions >= 0)
        return;
    nreactions = 0;
    const char *s = ad_data_get("talk/reactions.txt");
    while (s && *s && nreactions < REACTIONS_MAX) {
        size_t len = strcspn(s, "\n");
        if (len && s[0] != '#' && parse_reaction(s, len, &reactions[nreactions]) == 0)
            nreactions++;
        s += len + (s[len] == '\n');
    }
}

static const reaction *reaction_of(const char *id)
{
    read_reactions();
    for (int i = 0; id && i < nreactions; i++)
        if (strcmp(reactions[i].id, id) == 0)
            return &reactions[i];
    return NULL;
}

json_t *ad_talk_reactions_json(void)
{
    read_reactions();
    json_t *a = json_array();
    for (int i = 0; i < nreactions; i++)
        json_array_append_new(a, json_pack("{s:s,s:s,s:s}", "id", reactions[i].id, "text",
                                           reactions[i].text, "emoji", reactions[i].emoji));
    return a;
}

/* ------------------------------------------------------------ a table's talk */

static const char *const talk_names[] = {"reactions", "chat", "off"}; /* by TALK_ */

const char *ad_talk_name(int talk)
{
    return talk >= 0 && talk <= TALK_OFF ? talk_names[talk] : talk_names[TALK_REACTIONS];
}

int ad_talk_of(const char *name)
{
    for (int i = 0; name && i <= TALK_OFF; i++)
        if (strcmp(name, talk_names[i]) == 0)
            return i;
    return TALK_REACTIONS;
}

int ad_talk_read(conn *c, const json_t *req, const json_t *rid)
{
    const json_t *v = json_object_get(req, "talk");
    if (!v)
        return TALK_REACTIONS;
    for (int i = 0; json_is_string(v) && i <= TALK_OFF; i++)
        if (strcmp(json_string_value(v), talk_names[i]) == 0)
            return i;
    refuse(c, rid, CODE_BAD_FIELD, "talk is \"chat\" (messages and reactions), \"reactions\" "
                                   "(reactions only) or \"off\"");
    return -1;
}

/* ------------------------------------------------------------ how often */

/* May this person talk now?  Takes one from their bucket, or refuses. */
static int may_talk(lobby *l, conn *c, const json_t *rid)
{
    if (ad_bucket_take(&l->talkers, conn_state(c)->player, l->lim.talk_burst,
                       l->lim.talk_every_ms, TALKERS_KEPT))
        return 1;
    char text[160];
    snprintf(text, sizeof text, "you are talking too fast: %d at once, then one every %.1f s",
             l->lim.talk_burst, l->lim.talk_every_ms / 1000.0);
    refuse(c, rid, CODE_RATE_LIMITED, text);
    return 0;
}

void ad_talk_free(lobby *l)
{
    ad_buckets_free(&l->talkers);
}

/* ------------------------------------------------------------ react and say */

/* The table a talk request is for, with this connection at it (seated or
 * watching) and talk of kind `needs` allowed there; NULL after a refusal. */
static table *talk_table(lobby *l, conn *c, const json_t *req, const json_t *rid, int needs)
{
    table *t = ad_req_table(l, c, req, rid);
    if (!t)
        return NULL;
    if (!ad_member_of(t, c))
        return refuse(c, rid, CODE_NOT_WATCHING, "join or watch the table to talk at it"), NULL;
    if (t->talk == TALK_OFF)
        return refuse(c, rid, CODE_FORBIDDEN, "talk is off at this table"), NULL;
    if (needs == TALK_CHAT && t->talk != TALK_CHAT)
        return refuse(c, rid, CODE_FORBIDDEN, "this table allows reactions only, no messages "
                                              "(a table made with \"talk\":\"chat\" allows "
                                              "them)"), NULL;
    return t;
}

/* Tells everyone at t what c said (reaction: its id, or NULL for a
 * message).  The player's number goes with their name so that a person
 * muted at someone's screen stays muted under another name. */
static void push_talk(table *t, conn *c, const char *reaction_id, const char *text)
{
    int seat = ad_member_seat(t, ad_member_of(t, c));
    json_t *j = json_pack("{s:s,s:I,s:o,s:I,s:s,s:s,s:I}", "push", "talk", "table",
                          (json_int_t)t->id, "seat", seat >= 0 ? json_integer(seat) : json_null(),
                          "player", (json_int_t)conn_state(c)->player, "name",
                          conn_state(c)->name, "text", text, "at_ms", (json_int_t)srv_now_ms());
    if (j && reaction_id)
        json_object_set_new(j, "reaction", json_string(reaction_id));
    if (j)
        ad_push_all(t, j);
}

void ad_cmd_react(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    const json_t *v = json_object_get(req, "reaction");
    if (!v)
        return refuse(c, rid, CODE_MISSING_FIELD, "react needs a reaction (GET /api/reactions)");
    const reaction *r = reaction_of(json_string_value(v));
    if (!r)
        return refuse(c, rid, CODE_BAD_FIELD, "no reaction is called that (GET /api/reactions "
                                              "lists them)");
    table *t = talk_table(l, c, req, rid, TALK_REACTIONS);
    if (!t || !may_talk(l, c, rid))
        return;
    reply(c, rid, json_pack("{s:b}", "ok", 1));
    push_talk(t, c, r->id, r->text);
}

void ad_cmd_say(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    const json_t *v = json_object_get(req, "text");
    if (!v)
        return refuse(c, rid, CODE_MISSING_FIELD, "say needs a text");
    if (!json_is_string(v))
        return refuse(c, rid, CODE_BAD_FIELD, "text is a string");
    char text[SRV_TALK_CHARS * 4 + 1], why[200];
    if (ad_text_normal(json_string_value(v), SRV_TALK_CHARS, text, sizeof text, why,
                       sizeof why) < 0)
        return refuse(c, rid, CODE_BAD_FIELD, why);
    table *t = talk_table(l, c, req, rid, TALK_CHAT);
    if (!t || !may_talk(l, c, rid))
        return;
    reply(c, rid, json_pack("{s:b}", "ok", 1));
    push_talk(t, c, NULL, text);
}
