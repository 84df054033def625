/*
 * commands.c - the protocol's commands, in one table (name, handler,
 * whether hello must come first): lobby_request reads a frame and
 * dispatches it by that table, and the list a refusal gives comes from it.
 * A new command is a line here and a handler in the file of its job.
 */
#include "lobby_impl.h"

table *ad_req_table(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    json_t *v = json_object_get(req, "table");
    if (!v) {
        refuse(c, rid, "missing_field", "the field table is missing");
        return NULL;
    }
    if (!json_is_integer(v)) {
        refuse(c, rid, "bad_field", "table is a table's number");
        return NULL;
    }
    if (l->node[0] && json_integer_value(v) > 0) {
        ad_err err;
        resume_ctx r = {l, &err, 0, 0};
        int known = store_table_get(l->st, json_integer_value(v), ad_exists_one, &r, &err);
        if (known == 0 && r.expired) {
            refuse(c, rid, "unknown_table", SRV_CLOSED_WORDS);
            return NULL;
        }
        if (known == 0)
            return ad_cluster_table(l, c, json_integer_value(v), req, rid);
        if (known < 0) {
            refuse(c, rid, "store_failed", err.text);
            return NULL;
        }
    }
    table *t = ad_find_table(l, json_integer_value(v));
    int expired = t && t->status == TABLE_EXPIRED;
    if (!t)
        t = ad_load_table(l, json_integer_value(v), &expired);
    if (expired) {
        refuse(c, rid, "unknown_table", SRV_CLOSED_WORDS);
        return NULL;
    }
    if (!t)
        refuse(c, rid, "unknown_table", "there is no such table");
    return t;
}

void lobby_request(lobby *l, conn *c, const char *text, size_t len)
{
    json_error_t je;
    json_t *req = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!json_is_object(req)) {
        json_decref(req);
        return refuse(c, NULL, "bad_json", "a frame is one JSON object");
    }
    const json_t *rid = json_object_get(req, "rid");
    const char *cmd = json_string_value(json_object_get(req, "cmd"));
    conn_lobby *cl = conn_state(c);
    if (!json_object_get(req, "cmd"))
        refuse(c, rid, "missing_field", "every request has a cmd");
    else if (!cmd)
        refuse(c, rid, "bad_field", "cmd is a string");
    else if (strcmp(cmd, "hello") == 0)
        ad_cmd_hello(l, c, req, rid);
    else if (strcmp(cmd, "state") == 0 || strcmp(cmd, "record") == 0)
        refuse(c, rid, "forbidden",
               "state and record are never sent over the network; a finished game's record "
               "is at /api/tables/<id>/record");
    else if (strcmp(cmd, "create") != 0 && strcmp(cmd, "tables") != 0 &&
             strcmp(cmd, "join") != 0 && strcmp(cmd, "watch") != 0 && strcmp(cmd, "act") != 0 &&
             strcmp(cmd, "sync") != 0 && strcmp(cmd, "leave") != 0 &&
             strcmp(cmd, "rematch") != 0)
        refuse(c, rid, "unknown_cmd",
               "the commands are hello, create, tables, join, watch, act, sync, leave, rematch");
    else if (!cl->player)
        refuse(c, rid, "no_hello", "say hello (with your name) first");
    else if (strcmp(cmd, "create") == 0)
        ad_cmd_create(l, c, req, rid);
    else if (strcmp(cmd, "tables") == 0)
        ad_cmd_tables(l, c, req, rid);
    else if (strcmp(cmd, "join") == 0)
        ad_cmd_join(l, c, req, rid);
    else if (strcmp(cmd, "watch") == 0)
        ad_cmd_watch(l, c, req, rid);
    else if (strcmp(cmd, "act") == 0)
        ad_cmd_act(l, c, req, rid);
    else if (strcmp(cmd, "sync") == 0)
        ad_cmd_sync(l, c, req, rid);
    else if (strcmp(cmd, "leave") == 0)
        ad_cmd_leave(l, c, req, rid);
    else
        ad_cmd_rematch(l, c, req, rid);
    json_decref(req);
}
