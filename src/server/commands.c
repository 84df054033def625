/*
 * commands.c - the protocol's commands, in one table (name, handler,
 * whether hello must come first): lobby_request reads a frame and
 * dispatches it by that table, and the list a refusal gives comes from it.
 * A new command is a line here and a handler in the file of its job.
 */
#include "core/jsonr.h"
#include "lobby_impl.h"

table *ad_req_table(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    json_t *v = json_object_get(req, "table");
    if (!v) {
        refuse(c, rid, CODE_MISSING_FIELD, "the field table is missing");
        return NULL;
    }
    if (!json_is_integer(v)) {
        refuse(c, rid, CODE_BAD_FIELD, "table is a table's number");
        return NULL;
    }
    table *t;
    if (ad_cluster_req_table(l, c, json_integer_value(v), req, rid, &t))
        return t;
    t = ad_find_table(l, json_integer_value(v));
    int expired = t && t->status == TABLE_EXPIRED;
    if (!t)
        t = ad_load_table(l, json_integer_value(v), &expired);
    if (expired) {
        refuse(c, rid, CODE_UNKNOWN_TABLE, SRV_CLOSED_WORDS);
        return NULL;
    }
    if (!t)
        refuse(c, rid, CODE_UNKNOWN_TABLE, "there is no such table");
    return t;
}

/* state and record: a game's whole state is never sent over the network */
static void cmd_forbidden(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    (void)l, (void)req;
    refuse(c, rid, CODE_FORBIDDEN,
           "state and record are never sent over the network; a finished game's record "
           "is at /api/tables/<id>/record");
}

/* Every command a client may send, in the order a refusal lists them
 * (docs/server.md).  hello: a hello must come first; spectates: in a
 * cluster it may be served from a spectators' copy of a table another node
 * plays (cluster.c); listed: named in the list an unknown command gets. */
static const command commands[] = {
    {"hello", ad_cmd_hello, 0, 0, 1},
    {"create", ad_cmd_create, 1, 0, 1},
    {"tables", ad_cmd_tables, 1, 0, 1},
    {"join", ad_cmd_join, 1, 0, 1},
    {"watch", ad_cmd_watch, 1, 1, 1},
    {"act", ad_cmd_act, 1, 0, 1},
    {"sync", ad_cmd_sync, 1, 1, 1},
    {"leave", ad_cmd_leave, 1, 0, 1},
    {"rematch", ad_cmd_rematch, 1, 0, 1},
    {"rematch_answer", ad_cmd_rematch_answer, 1, 0, 1},
    {"react", ad_cmd_react, 1, 1, 1},
    {"say", ad_cmd_say, 1, 1, 1},
    {"quick", ad_cmd_quick, 1, 0, 1},
    {"hint", ad_cmd_hint, 1, 0, 1},
    {"learn", ad_cmd_learn, 1, 0, 1},
    {"learn_next", ad_cmd_learn_next, 1, 0, 1},
    {"state", cmd_forbidden, 0, 0, 0},
    {"record", cmd_forbidden, 0, 0, 0},
};
#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

const command *ad_command_find(const char *name)
{
    for (int i = 0; name && i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

/* "the commands are hello, create, ...": the listed ones, from the table. */
static void refuse_unknown(conn *c, const json_t *rid)
{
    char text[256];
    size_t n = (size_t)snprintf(text, sizeof text, "the commands are");
    for (int i = 0, k = 0; i < NCOMMANDS && n < sizeof text; i++)
        if (commands[i].listed)
            n += (size_t)snprintf(text + n, sizeof text - n, "%s %s", k++ ? "," : "",
                                  commands[i].name);
    refuse(c, rid, CODE_UNKNOWN_CMD, text);
}

void lobby_request(lobby *l, conn *c, const char *text, size_t len)
{
    json_t *req = ad_jsonr_load(text, len); /* json_loadb's tree, most without its lexer */
    if (!json_is_object(req)) {
        json_decref(req);
        return refuse(c, NULL, CODE_BAD_JSON, "a frame is one JSON object");
    }
    const json_t *rid = json_object_get(req, "rid");
    const json_t *cj = json_object_get(req, "cmd");
    const command *k = ad_command_find(json_string_value(cj));
    if (!cj)
        refuse(c, rid, CODE_MISSING_FIELD, "every request has a cmd");
    else if (!json_is_string(cj))
        refuse(c, rid, CODE_BAD_FIELD, "cmd is a string");
    else if (!k)
        refuse_unknown(c, rid);
    else if (k->hello && !conn_state(c)->player)
        refuse(c, rid, CODE_NO_HELLO, "say hello (with your name) first");
    else {
        /* an act joins the commit put off (lobby_pass_end); anything else
         * (a join, a watch, a sync answering a view and its version) is
         * answered after it, and after its table's steps are stored and
         * pushed, so that what it tells is stored and comes after them */
        if (k->run != ad_cmd_act)
            ad_commit_before_answer(l, req);
        k->run(l, c, req, rid);
    }
    json_decref(req);
}
