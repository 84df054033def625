/*
 * lobby_impl.h - the lobby's insides, shared by its files and by nobody
 * else (net.c and the rest see server.h).  The lobby by job:
 *
 *   lobby.c       the tables it holds, a table's life, eviction, stats
 *   commands.c    the protocol's commands in one table, and dispatch
 *   identity.c    hello: names and tokens
 *   making.c      create (and rematch's table), within what one may hold
 *   rematch.c     rematch by consent: an offer, answers, the next table
 *   listing.c     tables: what there is to join or watch
 *   membership.c  join, watch, leave: who sits or watches where
 *   running.c     directors, timers, bot answers, act; a waiting table's expiry
 *   pushes.c      updates, seats and clocks pushed to members; sync
 *   commit.c      the pass's group commit, then acks and pushes
 *   restore.c     tables rebuilt from the store
 *   cluster.c     leases and notices between nodes (nothing on a single node)
 *   talk.c        table talk: react and say, pushed to the table, never stored
 *   quick.c       quick: public tables, found by game, and the bots that fill them
 *
 * One thread (the loop's) runs all of it, but for the store's half of
 * each commit (commit.c: a thread that only stores what it is handed).
 */
#ifndef AD_LOBBY_IMPL_H
#define AD_LOBBY_IMPL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"
#include "lobby_conn.h"

/* The codes a request is refused with (docs/server.md, "Errors"), each
 * written once; the codes of the games' own refusals come from
 * ad_code_token. */
#define CODE_BAD_FIELD            "bad_field"
#define CODE_BAD_JSON             "bad_json"
#define CODE_BAD_SEAT             "bad_seat"
#define CODE_BAD_TOKEN            "bad_token"
#define CODE_BUSY                 "busy"
#define CODE_ELSEWHERE            "elsewhere"
#define CODE_FORBIDDEN            "forbidden"
#define CODE_GAME_OVER            "game_over"
#define CODE_INTERNAL             "internal"
#define CODE_MISSING_FIELD        "missing_field"
#define CODE_MOVING               "moving"
#define CODE_NO_HELLO             "no_hello"
#define CODE_NOT_OVER             "not_over"
#define CODE_NOT_SEATED           "not_seated"
#define CODE_NOT_STARTED          "not_started"
#define CODE_NOT_WATCHING         "not_watching"
#define CODE_SEAT_TAKEN           "seat_taken"
#define CODE_STALE                "stale"
#define CODE_STORE_FAILED         "store_failed"
#define CODE_TABLE_FULL           "table_full"
#define CODE_TOO_MANY_PLAYERS     "too_many_players"
#define CODE_TOO_MANY_TABLES      "too_many_tables"
#define CODE_UNKNOWN_CMD          "unknown_cmd"
#define CODE_UNKNOWN_TABLE        "unknown_table"

typedef struct member {
    conn *c;
    int seat; /* -1: a spectator */
    uint32_t dseen; /* delta.c: the serial of the view text it holds (0: not known) */
} member;

typedef struct seat_t {
    int64_t player;                 /* a person's seat, once taken (0: open, or a bot's) */
    char name[SRV_NAME_MAX * 4 + 1];
    char bot[AD_DIRECTOR_LEVEL_MAX]; /* a bot's level; "" for a person's seat */
    int online;                     /* that person's connections at the table */
    int64_t gone_ms;                /* when its last connection went (0: here, or not a
                                     * person's seat); the stand-in takes over away_ms later */
} seat_t;

typedef struct pend_step {
    uint32_t v;
    int seat, by;
    int64_t at_ms;
    char *action; /* JSON text */
    json_t *ev;   /* the director's public step: {"seat","at_ms","events"[,"by"]} + "v" */
} pend_step;

/* A rematch offered at a finished table (rematch.c): who is in, by seat bits. */
typedef struct rematch_offer {
    int on;            /* an offer stands */
    int from;          /* the offerer's seat */
    int open;          /* decliners' seats stay open for a person (else basic bots take them) */
    uint32_t waiting;  /* people yet to answer */
    uint32_t accepted; /* the offerer and who accepted */
    uint32_t declined; /* who declined, left, or was silent until until_ms */
    int64_t until_ms;  /* when silence becomes a decline */
    int64_t player;    /* the offerer: the next table's maker, from this address */
    char addr[64];
} rematch_offer;

struct table {
    int64_t id;
    uint64_t gen; /* changes when the table is rebuilt: older bot answers are dropped */
    const ad_game *g;
    int players;
    char *new_req; /* with its seed, as compact JSON text (read back when needed) */
    int status;
    int clock; /* index in ad_clock_presets */
    int pause_ms;
    int64_t next; /* the rematch's table, once made */
    rematch_offer offer; /* while over: a rematch offered, not yet made */
    int seeded;   /* its creator chose the seed, so may know every hand: told to all */
    int64_t creator;     /* the player who made it (stored in its meta) */
    char addr[64];       /* ... from that address ("" when unknown: made before a restart) */
    int64_t empty_ms;    /* waiting with nobody seated or at it since then (0: someone is) */
    ad_table *t0;    /* while waiting: the deal to come */
    ad_director *d;  /* while playing or over (it owns its table) */
    char **end;      /* over, held in little room (compact): the last views as text, [0]
                      * the public one, [s+1] seat s's; no director then */
    uint32_t end_v;  /* ... and its version */
    int64_t created_ms, started_ms;
    srv_timer_t tm;
    member *mem;
    int nmem, cmem;
    pend_step *pend; /* applied, not yet stored */
    int npend, cpend;
    int meta_dirty;  /* meta or status to store with the next commit */
    int seats_dirty; /* a seats push to send */
    int clock_dirty; /* a clock push to send (the asked seats or their deadlines changed) */
    uint32_t away;
    int64_t wake_ms; /* the director's next wake (AD_DIRECTOR_NEVER: none) */
    /* the last SRV_HISTORY stored versions' steps, for sync, as compact
     * JSON text (a step as a tree of jansson objects took about 1.5 KB,
     * five times its text); the places only once the table has a step
     * (NULL before).  A sync further back reads the store (ad_cmd_sync). */
    char **hist;
    table *dnext;
    int dirty;
    int committing; /* the commit under way stores some of its steps (commit.c): kept */
    /* in a cluster (docs/deploy.md): */
    int leased;   /* this node holds the table's lease (it plays the table) */
    int renewed;  /* ... and the last renewal said so */
    int remote;   /* a spectators' copy of a table another node plays: t0 follows the
                   * stored log, rv its version */
    uint32_t rv;
    int talk;      /* what may be said at it: TALK_REACTIONS (0), TALK_CHAT or TALK_OFF */
    /* quick (quick.c): a public table, made by quick and found by it */
    int quick;
    int64_t fill_ms; /* ... while it waits: when bots take its open seats (0: nobody sits) */
    int call_grace_ms; /* the race: calls this close to a window's first are simultaneous */
    int hints; /* hint.c: a seated person may ask for hints (create's `hints`) */
    /* learn.c: a guided first game (NULL: none), its learner's seat and step */
    const struct ad_learn_script *learn;
    int learn_seat, learn_step;
    struct ad_delta_room *delta; /* delta.c: the last view sent to each audience (NULL: none) */
    seat_t seat[]; /* players of them */
};

/* A token bucket for each person (buckets.c): what a person may repeat
 * only so often, whichever connection they ask from. */
typedef struct ad_bucket {
    int64_t player;
    double tokens;
    int64_t at_ms;
} ad_bucket;
typedef struct ad_buckets {
    ad_bucket *b;
    int n, cap;
} ad_buckets;
/* Takes one from player's bucket (burst at once, then one every every_ms;
 * at most kept buckets before full ones go): 1, or 0 when it is empty. */
int ad_bucket_take(ad_buckets *bs, int64_t player, int burst, int every_ms, int kept);
void ad_buckets_free(ad_buckets *bs);

/* A person's call held until its window settles (race.c). */
typedef struct held_call {
    conn *c;
    json_t *rid;
    int64_t table;
    int seat;
    int ahead; /* a play on (its play waits for the window to close), not a call */
} held_call;

typedef struct ack {
    conn *c;
    json_t *rid;
    int64_t table;
    uint32_t v;
    int64_t taken_us; /* when it was taken (ALPHADECK_LOOP_STATS; else 0) */
} ack;

struct lobby {
    server *srv;
    store *st;
    workers *w;
    table **tab; /* by id, ascending */
    int ntab, ctab;
    table *dirty;
    int64_t away_ms; /* a person gone that long from a game in play: the stand-in plays */
    /* a node of a cluster: its name ("" alone), what it hears from the
     * others, its lease timer, and the tables to give up once flushed */
    char node[64];
    bus *bus;
    srv_timer_t tick; /* (also a trim put off: trim) */
    /* the group commit's pace (lobby_pass_end): when the last commit was,
     * and a timer that ends the pass that commits when one is put off */
    int64_t committed_us;
    srv_timer_t commit_tm;
    int commit_put_off;
    int bot_answers; /* taken since the last commit began (running.c) */
    struct gone {
        int64_t id;
        char to[64]; /* the node it goes to ("": its lease lapsed, or was lost) */
    } *gone;
    int ngone, cgone;
    ack *acks;
    int nacks, cacks;
    struct ad_committer *cm; /* the commits' thread (commit.c; NULL: on the loop's) */
    uint64_t gen;
    ad_director_out out; /* scratch for every director call */
    int evict;           /* a finished table may leave memory (ad_evict_finished) */
    int freed;           /* tables it freed since the heap was last trimmed */
    int conns_gone;      /* connections gone since then (p4) */
    int64_t trimmed_ms;  /* ... when that was */
    lobby_limits lim;
    /* new players made by each address lately: a bucket each (new_player_ok) */
    struct maker {
        char addr[64];
        double tokens;
        int64_t at_ms;
    } *makers;
    int nmakers, cmakers;
    ad_buckets talkers; /* talk.c: a bucket for each person who talked lately */
    /* the race (race.c): calls held until their window settles */
    held_call *calls;
    int ncalls, ccalls;
    ad_buckets hinters; /* hint.c: a bucket for each person who asked lately */
};

typedef struct resume_ctx {
    lobby *l;
    ad_err *err;
    int failed;
    int expired; /* the table asked for closed unstarted (never read back) */
} resume_ctx;

/* ------------------------------------------------------------ small helpers */

static inline void reply(conn *c, const json_t *rid, json_t *j)
{
    if (rid)
        json_object_set(j, "rid", (json_t *)rid);
    conn_send(c, j);
}

static inline void refuse(conn *c, const json_t *rid, const char *code, const char *text)
{
    reply(c, rid, json_pack("{s:b,s:s,s:s}", "ok", 0, "error", text, "code", code));
}

static inline void refuse_err(conn *c, const json_t *rid, const ad_err *e)
{
    refuse(c, rid, ad_code_token(e->code), e->text);
}

/* This server is a node of a cluster (lobby_cluster was called). */
static inline int ad_cluster_on(const lobby *l)
{
    return l->node[0] != 0;
}

static inline void mark_dirty(lobby *l, table *t)
{
    if (!t->dirty) {
        t->dirty = 1;
        t->dnext = l->dirty;
        l->dirty = t;
    }
}

static inline const char *status_name(int s)
{
    return s == TABLE_WAITING   ? "waiting"
           : s == TABLE_PLAYING ? "playing"
           : s == TABLE_OVER    ? "over"
                                : "expired";
}

static inline const ad_table *game_table(const table *t)
{
    return t->d ? ad_director_table(t->d) : t->t0;
}

static inline uint32_t version(const table *t)
{
    return t->d ? ad_director_version(t->d) : t->remote ? t->rv : t->end ? t->end_v : 0;
}

/* lobby.c */
void *ad_grown(void *items, int n, int *cap, size_t size, int first); /* room for one more */
/* A text kept from push to push in a block of its own (p, malloc's, or
 * NULL) made to hold n bytes (n > 0): p itself when it holds them with at
 * most n + 256 to spare, else realloc'd (a quarter larger than n when it
 * grows); NULL: out of memory (p kept). */
void *ad_refit(void *p, size_t n);
/* Whether a block of room bytes is taken again for n (ad_refit's rule). */
static inline int ad_refits(size_t room, size_t n)
{
    return room >= n && room - n <= n + 256;
}
table *ad_find_table(lobby *l, int64_t id);          /* in memory; NULL: not */
void ad_add_table(lobby *l, table *t);               /* held from now on */
table *ad_alloc_table(int players);                  /* NULL: out of memory */
void ad_free_table(table *t);
char *ad_meta_text(const table *t);                  /* its meta, as stored (caller frees) */
void ad_free_end(table *t);
void ad_drop_game(table *t);                         /* lets its director or deal go */
void ad_compact(table *t);                           /* a finished game in little room */
void ad_trim(lobby *l);
void ad_evict_finished(lobby *l);

/* pushes.c */
json_t *ad_seats_json(const table *t);
json_t *ad_joined(const table *t, int seat);         /* the answer to create, join, watch */
void ad_push_all(table *t, json_t *j);               /* one frame to every member (takes j) */
void ad_push_seats(table *t);
json_t *ad_told(const table *t, const json_t *events, int seat); /* events in words */
void ad_push_update(table *t, json_t *events, int sync_of, conn *only);
void ad_push_clock(table *t);
void ad_cmd_sync(lobby *l, conn *c, const json_t *req, const json_t *rid);

/* membership.c */
int ad_member_seat(const table *t, const member *m); /* -1: it only watches */
member *ad_member_of(table *t, const conn *c);
int ad_add_member(table *t, conn *c, int seat);      /* -1: c is at SRV_CONN_TABLES */
void ad_refuse_conn_full(conn *c, const json_t *rid);
void ad_drop_member(table *t, conn *c);
int ad_seat_of_player(const table *t, int64_t player); /* -1: none */
int ad_all_taken(const table *t);                    /* no open seat left */
void ad_unseat_conn(lobby *l, conn *c);
int ad_is_at(conn *c, const table *t);
void ad_cmd_join(lobby *l, conn *c, const json_t *req, const json_t *rid);
void ad_cmd_watch(lobby *l, conn *c, const json_t *req, const json_t *rid);
void ad_cmd_leave(lobby *l, conn *c, const json_t *req, const json_t *rid);

/* running.c */
void ad_schedule(lobby *l, table *t);                /* its timer set for what comes next */
void ad_took(lobby *l, table *t, ad_director_out *out); /* what a director call did */
void ad_advance(lobby *l, table *t, int64_t now); /* what was due by now, played and taken */
ad_director *ad_make_director(table *t, ad_table *gt, int64_t now_ms, ad_err *err);
int ad_start_game(lobby *l, table *t, ad_err *err);
/* ad_start_game, a failure logged (the table resumes from the store). */
void ad_start_logged(lobby *l, table *t);
void ad_cmd_act(lobby *l, conn *c, const json_t *req, const json_t *rid);
/* A commit begins: the bot answers' budget is whole again, and the loop is
 * woken for those left waiting when it ran out. */
void ad_answers_anew(lobby *l);

/* restore.c */
int ad_parse_meta(table *t, const char *text);
json_t *ad_stored_step(ad_table *gt, const json_t *a, uint32_t v, ad_err *err);
ad_table *ad_replay_stored(lobby *l, const table *t, int64_t *last_ms, uint32_t *n,
                           uint32_t from, json_t *events, ad_err *err);
int ad_rebuild(lobby *l, table *t, ad_err *err);
void ad_restore_failed(lobby *l, table *t);          /* after ad_commit_pass failed */
table *ad_row_table(const store_table *row, ad_err *err); /* a stored row, not yet live */
table *ad_load_table(lobby *l, int64_t id, int *expired); /* read back when asked for */

/* commit.c */
void ad_clear_pend(table *t);
void ad_add_step_events(json_t *events, const json_t *step);
/* The pass's commit: NULL when it committed (acks sent, updates pushed);
 * when it failed, the tables it touched, chained by dnext, their pending
 * steps dropped, to be rebuilt from the store (ad_restore_failed). */
table *ad_commit_pass(lobby *l);
void ad_ack_later(lobby *l, conn *c, const json_t *rid, int64_t table_id, uint32_t v);
void ad_acks_forget(lobby *l, const conn *c);
/* The commits on a thread of their own (lobby_commit_thread): a pass's
 * commit handed over (ad_commit_hand: not while one is under way, nor
 * with nothing to store), one that ended taken back (ad_commit_reap: 1
 * when it did), and waited for (ad_commit_settle).  ad_commit_busy: one
 * is under way, or ended and not yet taken back. */
int ad_commit_async(const lobby *l);
int ad_commit_busy(const lobby *l);
void ad_commit_hand(lobby *l);
int ad_commit_reap(lobby *l);
void ad_commit_settle(lobby *l);
void ad_commit_thread_stop(lobby *l);

/* cluster.c: several nodes on one store; on a single node (ad_cluster_on
 * 0) each of these returns at once, doing nothing */
void ad_cluster_tick(lobby *l);                      /* the lobby's tick: leases */
void ad_cluster_give_ups(lobby *l);                  /* end of a pass: tables moved away */
void ad_cluster_made(lobby *l, table *t);            /* its lease, taken */
void ad_cluster_let_go(lobby *l, table *t);          /* its lease, dropped */
int ad_cluster_plays(const lobby *l, const table *t);
int ad_cluster_req_table(lobby *l, conn *c, int64_t id, const json_t *req, const json_t *rid,
                         table **out);
int ad_cluster_committing(lobby *l, const table *t, ad_err *err);
void ad_cluster_tell_online(lobby *l);
void ad_cluster_hello(lobby *l, json_t *answer);

/* identity.c */
void ad_cmd_hello(lobby *l, conn *c, const json_t *req, const json_t *rid);

/* making.c */
void ad_cmd_create(lobby *l, conn *c, const json_t *req, const json_t *rid);

/* listing.c */
void ad_cmd_tables(lobby *l, conn *c, const json_t *req, const json_t *rid);

/* quick.c: `quick`, public tables and their fill with bots */
void ad_cmd_quick(lobby *l, conn *c, const json_t *req, const json_t *rid);
int64_t ad_quick_fill_at(lobby *l, table *t); /* when bots sit (AD_DIRECTOR_NEVER: not yet) */
int ad_quick_fill(lobby *l, table *t);        /* 1: its fill came, and it started */
void ad_quick_about(const table *t, json_t *j); /* "quick", "fill_in_ms" in an answer */
/* making.c, for quick.c: create's checks, and a new table of open seats
 * with c's player in the first (NULL after a refusal) */
int ad_room_for_one_more(lobby *l, conn *c, const json_t *rid);
table *ad_make_open(lobby *l, conn *c, const json_t *rid, const ad_game *g, int n, int clock,
                    int talk);

/* commands.c: the protocol's commands, one table of them */
typedef void ad_cmd_fn(lobby *l, conn *c, const json_t *req, const json_t *rid);
typedef struct command {
    const char *name;
    ad_cmd_fn *run;
    int hello;     /* needs a hello first */
    int spectates; /* may be served from a spectators' copy (cluster.c) */
    int listed;    /* named in the list an unknown command gets */
} command;
const command *ad_command_find(const char *name); /* NULL: no such command */
/* The table a request's "table" names (read back from the store when
 * need be); NULL after a refusal. */
table *ad_req_table(lobby *l, conn *c, const json_t *req, const json_t *rid);

/* rematch.c: a rematch by consent (docs/server.md, "Rematch") */
void ad_cmd_rematch(lobby *l, conn *c, const json_t *req, const json_t *rid);
void ad_cmd_rematch_answer(lobby *l, conn *c, const json_t *req, const json_t *rid);
int64_t ad_rematch_due(const table *t);    /* an offer's expiry (AD_DIRECTOR_NEVER: none) */
void ad_rematch_timer(lobby *l, table *t); /* the table's timer, while it is over */
void ad_rematch_gone(lobby *l, table *t);  /* a connection left t: who is still here */
/* making.c, for rematch.c */
json_t *ad_fresh_seed(void);
int ad_may_make(lobby *l, conn *c, int waits, int alone, const json_t *rid);
/* old's next table (its game, options, clock, pause, talk), with seats, made by creator */
table *ad_new_table_by(lobby *l, json_t *new_req, const table *old, const seat_t *seats,
                       int64_t creator, const char *addr, ad_err *err);

/* talk.c: table talk, reactions and free text (docs/server.md, "Table talk") */
#define CODE_RATE_LIMITED "rate_limited"
enum { TALK_REACTIONS = 0, TALK_CHAT, TALK_OFF }; /* a table's talk; 0 unless create says */
/* create's talk: "chat", "reactions" or "off" (TALK_REACTIONS when none
 * is given); -1 after a refusal. */
int ad_talk_read(conn *c, const json_t *req, const json_t *rid);
const char *ad_talk_name(int talk);
int ad_talk_of(const char *name); /* TALK_REACTIONS for a name it does not know */
void ad_talk_free(lobby *l);
void ad_cmd_react(lobby *l, conn *c, const json_t *req, const json_t *rid);
void ad_cmd_say(lobby *l, conn *c, const json_t *req, const json_t *rid);

/* recent.c (people at the table): what happened lately, for who arrives */
void ad_add_recent(lobby *l, table *t, int seat, json_t *answer);

/* race.c: a challenge window is a race; a held call is answered when its
 * window settles */
int ad_read_grace(conn *c, const json_t *req, const json_t *rid); /* -1 after a refusal */
/* making.c: create's optional field of milliseconds, 0 to max (dflt when it
 * is not given); -1 after a refusal in words. */
int ad_read_ms(conn *c, const json_t *req, const json_t *rid, const char *field, int dflt,
               int max);
int ad_grace_of_meta(const json_t *meta);
void ad_hold_call(lobby *l, conn *c, const json_t *rid, const table *t, int seat);
void ad_hold_play_on(lobby *l, conn *c, const json_t *rid, const table *t, int seat);
int ad_play_on_of(const table *t, json_t **view);
void ad_settle_calls(lobby *l, table *t, const ad_director_out *out);
void ad_calls_forget(lobby *l, const conn *c);
int ad_v_still_holds(const table *t, int seat, json_int_t v);

/* hint.c: the coach at a table (docs/server.md, "Hints") */
#define CODE_HINTS_OFF "hints_off"
/* create's hints: true or false, by default on when every seat but the
 * maker's (sit; -1: none) is a bot's; -1 after a refusal. */
int ad_hints_read(conn *c, const json_t *req, const json_t *rid, const seat_t *seats, int n,
                  int sit);
/* names[s]: seat s's person's name, or NULL (a bot: Ann, Bea, ...). */
void ad_seat_names(const table *t, const char **names);
void ad_cmd_hint(lobby *l, conn *c, const json_t *req, const json_t *rid);
void ad_hint_free(lobby *l);

/* learn.c: Learn to play, a guided first game (docs/server.md, "Learn to play") */
#define CODE_NOT_THIS_STEP "not_this_step"
#define CODE_NO_LESSON "no_lesson"
typedef struct ad_learn_script ad_learn_script;
/* Reads a lesson's text (data/learn/README.md); -1 with err set. */
int ad_learn_parse(ad_learn_script *s, const char *text, ad_err *err);
void ad_cmd_learn(lobby *l, conn *c, const json_t *req, const json_t *rid);
void ad_cmd_learn_next(lobby *l, conn *c, const json_t *req, const json_t *rid);
/* create's table t, seat the maker's: a guided game when `learn` made it */
void ad_learn_made(table *t, int seat);
/* Adds the learner's step to j, an answer or push for seat. */
void ad_learn_about(const table *t, int seat, json_t *j);
/* Whether seat may send action now: 2, and it is the step's (the next step
 * once taken); 1, it is not, but the step waits for another phase; 0, it is
 * refused with the step's words. */
int ad_learn_may_act(const table *t, int seat, const json_t *action, conn *c, const json_t *rid);
/* seat's action was taken (took: what ad_learn_may_act said). */
void ad_learn_acted(table *t, int seat, int took);

/* pushes.c, issue 33 (m2): text without jansson's dump */
/* j's compact text in old's place (realloc'd: a step's text is about the
 * size of the one it replaces, so no new block); NULL when out of memory,
 * old then freed. */
char *ad_text_over(char *old, const json_t *j);
/* A stored step as sync keeps it, {"v","seat"[,"by"],"events"}, in old's
 * place as ad_text_over does: its events are events[from..to) of the push
 * about to be made (ad_push_update with the same events, next), which has
 * marked each with v, seat_acting and by; their text is the fields the
 * push tells, written once for both. */
char *ad_step_over(char *old, const json_t *events, size_t from, size_t to, uint32_t v, int seat,
                   const json_t *by);
/* delta.c: updates as small as their news, to connections that said hello
 * with "deltas":true (docs/server.md, "Deltas").  One push call's findings,
 * by audience ([0] public, [s+1] seat s); zeroed before, ended after. */
typedef struct ad_delta_found {
    int done;
    uint32_t was;  /* the serial a member must hold to take the delta */
    uint32_t base; /* ... and that text's version */
    char *delta;   /* its text (NULL: the whole view, it would be no shorter; delta.c's) */
    size_t len;
    int asked_same;   /* n3: asked is the view's to_act (left out) */
    int play_on_same; /* n3: play_on as in the base's update ("same") */
} ad_delta_found;
typedef struct ad_delta_pass {
    ad_delta_found f[AD_MAX_SEATS + 1];
    int began;        /* n3: a member was looked at (the clock found) */
    size_t clock_len; /* n3: the clock folded into its updates (0: none) */
} ad_delta_pass;
/* Where an update's top-level members are in its text, as pushes.c wrote
 * them (offsets: a key's opening quote, its value's first byte, the byte
 * past the value), so delta.c need not walk the text to find them.  n -1:
 * not known (more members than fit): delta.c walks it. */
#define AD_UPDATE_FIELDS 16
typedef struct ad_update_at {
    int n;
    struct {
        uint32_t key, val, end;
    } f[AD_UPDATE_FIELDS];
} ad_update_at;
/* For an opted-in member: the update's text sent with "delta" and "base"
 * for its "view" when it may (1: sent; 0: the caller sends the text). */
int ad_delta_send(table *t, member *m, int seat, const char *text, size_t n,
                  const ad_update_at *at, int sync_of, ad_delta_pass *pass);
void ad_delta_end(ad_delta_pass *pass);
void ad_delta_free(table *t); /* the table's views kept for deltas */
void ad_delta_trim(void);      /* the texts kept for reuse given back (lobby.c's trim) */
/* n3: the clock push's text (NULL: none written) to every member but the
 * opted-in ones whose update of this pass carried it ("clock"), and the
 * time left it says (the one those updates said, when they did). */
void ad_delta_push_clock(table *t, const char *text, size_t n);
long long ad_delta_clock_left(const table *t, long long left);
int ad_clock_now(const table *t, uint32_t *seats, int64_t *left_ms);

/* n2 (issue 33, the server's CPU an action): the play_on position as
 * text (race.c), the same bytes as ad_play_on_of's tree written out */
#include "core/jsonw.h"
int ad_play_on_text(const table *t, ad_jw *w);
/* The clock's seats (bits) as their JSON text, [0,2]: the clock push's and
 * the one folded into updates (delta.c). */
void ad_clock_seats_text(ad_jw *w, const table *t, uint32_t seats);

/* p4 (issue 33, the memory a server holds after a crowd leaves): a
 * connection gone is counted, and once many have gone, the heap is
 * trimmed a moment later (lobby.c). */
void ad_conn_counted_gone(lobby *l);

/* Before a request other than an act (commands.c), which tells what is
 * stored and pushed: the commit put off by the group commit's pace
 * (lobby.c, lobby_pass_end) made now, and when the table req names has
 * steps not stored yet (not handed to a commit, or in the one under way
 * on its thread), everything stored and pushed first (lobby_flush). */
void ad_commit_before_answer(lobby *l, const json_t *req);

#endif
