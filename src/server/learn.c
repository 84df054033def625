/*
 * learn.c - Learn to play (docs/server.md, "Learn to play"): a guided
 * first game.  Each game's lesson is data, data/learn/<game>.txt (the
 * format: data/learn/README.md): the table's setup and a list of steps,
 * each with words to show, the rule it shows and what the learner is to
 * do.  `learn` makes that table through `create` itself (one person,
 * `easy` bots, hints on), so the game is played by the same table code as
 * any other; this file only keeps which step the learner is at, says it
 * in what the learner's connections receive, and refuses an action that
 * is not the step's.
 */
#include <ctype.h>

#include "lobby_impl.h"

#define LEARN_STEPS_MAX 40
#define LEARN_TEXT_MAX 600
#define LEARN_GAMES_MAX 16

enum { DO_NEXT, DO_ANY, DO_ACTION };

typedef struct learn_step {
    char say[LEARN_TEXT_MAX], rule[LEARN_TEXT_MAX];
    int kind;       /* DO_NEXT, DO_ANY or DO_ACTION */
    char when[24];  /* the phase an action step is for ("": any); in another, any action */
    json_t *action; /* DO_ACTION: the fields the learner's action must have */
} learn_step;

struct ad_learn_script {
    char game[32];
    json_t *create; /* the `create` request that makes its table */
    learn_step step[LEARN_STEPS_MAX];
    int nsteps;
    char end[LEARN_TEXT_MAX]; /* shown once the steps are done */
};

static ad_learn_script scripts[LEARN_GAMES_MAX];
static int nscripts;
static const ad_learn_script *making; /* the lesson whose table create is making */

/* ------------------------------------------------------------ reading */

/* Appends words to a text, a space between lines of one paragraph. */
static int append(char *to, const char *words, int lineno, ad_err *err)
{
    size_t n = strlen(to);
    if (n + 1 + strlen(words) >= LEARN_TEXT_MAX)
        return ad_err_set(err, AD_E_BAD_FIELD, "line %d: the words are too long", lineno);
    snprintf(to + n, LEARN_TEXT_MAX - n, "%s%s", n ? " " : "", words);
    return 0;
}

/* A step's `do`: next, any, or an action as one JSON object. */
static int read_do(learn_step *st, const char *v, int lineno, ad_err *err)
{
    if (strcmp(v, "next") == 0 || strcmp(v, "any") == 0) {
        st->kind = v[0] == 'n' ? DO_NEXT : DO_ANY;
        return 0;
    }
    st->action = json_loads(v, JSON_REJECT_DUPLICATES, NULL);
    st->kind = DO_ACTION;
    if (json_is_object(st->action))
        return 0;
    return ad_err_set(err, AD_E_BAD_FIELD,
                      "line %d: do is next, any, or an action as a JSON object", lineno);
}

/* The setup's lines: game, players, seed, seats, options, pause. */
static int read_setup(ad_learn_script *s, const char *key, const char *v, int lineno,
                      ad_err *err)
{
    json_t *j = NULL;
    if (strcmp(key, "game") == 0) {
        if (strlen(v) >= sizeof s->game)
            return ad_err_set(err, AD_E_BAD_FIELD, "line %d: no game is called that", lineno);
        memcpy(s->game, v, strlen(v) + 1);
        j = json_string(v);
    } else if (strcmp(key, "players") == 0 || strcmp(key, "seed") == 0 ||
               strcmp(key, "seats") == 0 || strcmp(key, "options") == 0) {
        j = json_loads(v, JSON_DECODE_ANY, NULL);
    } else if (strcmp(key, "pause") == 0) {
        key = "bot_pause_ms";
        j = json_loads(v, JSON_DECODE_ANY, NULL);
    } else
        return ad_err_set(err, AD_E_BAD_FIELD, "line %d: no setting is called %s", lineno,
                          key);
    if (!j)
        return ad_err_set(err, AD_E_BAD_FIELD, "line %d: %s is not a value", lineno, key);
    json_object_set_new(s->create, key, j);
    return 0;
}

/* One line "key words" of a step, or of the setup before the first step. */
static int read_line(ad_learn_script *s, char *line, int lineno, ad_err *err)
{
    char *v = line;
    while (*v && !isspace((unsigned char)*v))
        v++;
    if (*v)
        *v++ = 0;
    while (isspace((unsigned char)*v))
        v++;
    if (strcmp(line, "step") == 0) {
        if (s->nsteps == LEARN_STEPS_MAX)
            return ad_err_set(err, AD_E_BAD_FIELD, "line %d: too many steps", lineno);
        s->step[s->nsteps++].kind = -1;
        return 0;
    }
    if (strcmp(line, "end") == 0)
        return append(s->end, v, lineno, err);
    learn_step *st = s->nsteps ? &s->step[s->nsteps - 1] : NULL;
    if (!st)
        return read_setup(s, line, v, lineno, err);
    if (strcmp(line, "say") == 0)
        return append(st->say, v, lineno, err);
    if (strcmp(line, "rule") == 0)
        return append(st->rule, v, lineno, err);
    if (strcmp(line, "do") == 0)
        return read_do(st, v, lineno, err);
    if (strcmp(line, "when") == 0 && strlen(v) < sizeof st->when) {
        memcpy(st->when, v, strlen(v) + 1);
        return 0;
    }
    return ad_err_set(err, AD_E_BAD_FIELD, "line %d: a step has say, rule, do and when, not %s",
                      lineno, line);
}

/* Every step says something and asks one thing; the setup names its game. */
static int check_script(const ad_learn_script *s, ad_err *err)
{
    if (!s->game[0] || !json_object_get(s->create, "players"))
        return ad_err_set(err, AD_E_BAD_FIELD, "a lesson names its game and players");
    if (!s->nsteps || !s->end[0])
        return ad_err_set(err, AD_E_BAD_FIELD, "a lesson has steps and an end");
    for (int i = 0; i < s->nsteps; i++)
        if (!s->step[i].say[0] || s->step[i].kind < 0)
            return ad_err_set(err, AD_E_BAD_FIELD, "step %d has no say or no do", i + 1);
    return 0;
}

int ad_learn_parse(ad_learn_script *s, const char *text, ad_err *err)
{
    memset(s, 0, sizeof *s);
    s->create = json_pack("{s:s,s:b}", "cmd", "create", "hints", 1);
    int lineno = 0, rc = 0;
    for (const char *p = text; *p && rc == 0;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        char line[LEARN_TEXT_MAX * 2];
        lineno++;
        if (n >= sizeof line)
            return ad_err_set(err, AD_E_BAD_FIELD, "line %d is too long", lineno);
        memcpy(line, p, n);
        line[n] = 0;
        while (n && isspace((unsigned char)line[n - 1]))
            line[--n] = 0;
        if (n && line[0] != '#')
            rc = read_line(s, line, lineno, err);
        p = nl ? nl + 1 : p + n;
    }
    return rc < 0 ? rc : check_script(s, err);
}

/* The lesson of game id, read from the embedded data once; NULL (err set)
 * when there is none or it does not read. */
static const ad_learn_script *script_of(const char *id, ad_err *err)
{
    for (int i = 0; i < nscripts; i++)
        if (strcmp(scripts[i].game, id) == 0)
            return &scripts[i];
    char path[96];
    snprintf(path, sizeof path, "learn/%s.txt", id);
    const char *text = ad_data_get(path);
    if (!text || nscripts == LEARN_GAMES_MAX) {
        ad_err_set(err, AD_E_BAD_FIELD, "there is no lesson for %s", id);
        return NULL;
    }
    ad_learn_script *s = &scripts[nscripts];
    if (ad_learn_parse(s, text, err) < 0) {
        json_decref(s->create);
        return NULL;
    }
    if (strcmp(s->game, id) != 0) {
        json_decref(s->create);
        ad_err_set(err, AD_E_BAD_FIELD, "data/%s is the lesson of %s", path, s->game);
        return NULL;
    }
    return &scripts[nscripts++];
}

int ad_learn_offered(const char *id)
{
    char path[96];
    snprintf(path, sizeof path, "learn/%s.txt", id);
    return ad_data_get(path) != NULL;
}

/* ------------------------------------------------------------ telling */

static const char *do_name(int kind)
{
    return kind == DO_NEXT ? "next" : kind == DO_ANY ? "any" : "action";
}

/* The learner's step as sent: its words, the rule it shows, what to do. */
static json_t *step_json(const table *t)
{
    const ad_learn_script *s = t->learn;
    if (t->learn_step >= s->nsteps)
        return json_pack("{s:i,s:i,s:s,s:s,s:b}", "step", s->nsteps, "steps", s->nsteps, "say",
                         s->end, "do", "any", "done", 1);
    const learn_step *st = &s->step[t->learn_step];
    json_t *j = json_pack("{s:i,s:i,s:s,s:s}", "step", t->learn_step, "steps", s->nsteps, "say",
                          st->say, "do", do_name(st->kind));
    if (st->rule[0])
        json_object_set_new(j, "rule", json_string(st->rule));
    if (st->kind == DO_ACTION)
        json_object_set(j, "action", st->action);
    if (st->when[0])
        json_object_set_new(j, "when", json_string(st->when));
    return j;
}

void ad_learn_about(const table *t, int seat, json_t *j)
{
    if (t->learn && seat == t->learn_seat)
        json_object_set_new(j, "learn", step_json(t));
}

/* ------------------------------------------------------------ acting */

/* Whether action has every field the step's action names, equal. */
static int matches(const json_t *want, const json_t *action)
{
    const char *k;
    json_t *v;
    json_object_foreach((json_t *)want, k, v)
        if (!json_equal(v, json_object_get(action, k)))
            return 0;
    return 1;
}

/* The refusal that asks again, with the step's words. */
static void ask_again(conn *c, const json_t *rid, const table *t)
{
    const learn_step *st = &t->learn->step[t->learn_step];
    char text[LEARN_TEXT_MAX + 80];
    snprintf(text, sizeof text, "%s%s", st->kind == DO_NEXT ? "read this first, then press "
                                        "Next: " : "this step asks something else: ", st->say);
    json_t *j = json_pack("{s:b,s:s,s:s,s:o}", "ok", 0, "code", CODE_NOT_THIS_STEP, "error",
                          text, "learn", step_json(t));
    reply(c, rid, j);
}

/* Whether seat's view is in phase now (a step for that phase waits). */
static int in_phase(const table *t, int seat, const char *phase)
{
    json_t *v = ad_table_view_json(game_table(t), seat);
    const char *now = json_string_value(json_object_get(v, "phase"));
    int in = now && strcmp(now, phase) == 0;
    json_decref(v);
    return in;
}

int ad_learn_may_act(const table *t, int seat, const json_t *action, conn *c, const json_t *rid)
{
    if (!t->learn || seat != t->learn_seat || t->learn_step >= t->learn->nsteps)
        return 1;
    const learn_step *st = &t->learn->step[t->learn_step];
    if (st->kind != DO_NEXT && st->when[0] && !in_phase(t, seat, st->when))
        return 1; /* the step waits for its phase; the game meanwhile is the learner's */
    if (st->kind == DO_ANY || (st->kind == DO_ACTION && matches(st->action, action)))
        return 2;
    ask_again(c, rid, t);
    return 0;
}

void ad_learn_acted(table *t, int seat, int took)
{
    if (took == 2 && t->learn && seat == t->learn_seat && t->learn_step < t->learn->nsteps)
        t->learn_step++;
}

/* ------------------------------------------------------------ commands */

void ad_learn_made(table *t, int seat)
{
    if (!making || seat < 0)
        return;
    t->learn = making;
    t->learn_seat = seat;
    t->learn_step = 0;
}

void ad_cmd_learn(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    const char *id = json_string_value(json_object_get(req, "game"));
    if (!id)
        return refuse(c, rid, CODE_MISSING_FIELD, "learn needs a game (a game's id)");
    ad_err err;
    const ad_learn_script *s = script_of(id, &err);
    if (!s)
        return refuse(c, rid, CODE_NO_LESSON, err.text);
    json_t *opts = json_object_get(req, "options");
    if (opts && !json_is_object(opts))
        return refuse(c, rid, CODE_BAD_FIELD, "options is an object of the game's options");
    json_t *create = json_deep_copy(s->create);
    json_t *pause = json_object_get(req, "bot_pause_ms");
    if (pause) /* a test, or a quick reader, may have the game go faster */
        json_object_set(create, "bot_pause_ms", pause);
    if (opts && !json_object_get(create, "options"))
        json_object_set_new(create, "options", json_object());
    if (opts) /* ... checked by create as any table's */
        json_object_update(json_object_get(create, "options"), opts);
    making = s;
    ad_cmd_create(l, c, create, rid); /* its limits, refusals and answer are create's */
    making = NULL;
    json_decref(create);
}

void ad_cmd_learn_next(lobby *l, conn *c, const json_t *req, const json_t *rid)
{
    table *t = ad_req_table(l, c, req, rid);
    if (!t)
        return;
    member *m = ad_member_of(t, c);
    if (!t->learn || !m || ad_member_seat(t, m) != t->learn_seat)
        return refuse(c, rid, CODE_NOT_SEATED, "that is not a guided game of yours");
    if (t->learn_step >= t->learn->nsteps)
        return refuse(c, rid, CODE_NOT_THIS_STEP, "the lesson's steps are done: play on to "
                                                  "the end of the game");
    if (t->learn->step[t->learn_step].kind != DO_NEXT)
        return ask_again(c, rid, t);
    t->learn_step++;
    json_t *j = json_pack("{s:b,s:I}", "ok", 1, "table", (json_int_t)t->id);
    ad_learn_about(t, t->learn_seat, j);
    reply(c, rid, j);
}
