/*
 * loop_stats.h - the loop's passes timed, opt-in (ALPHADECK_LOOP_STATS,
 * docs/server.md "The loop's passes"): what each part of a pass took, and
 * every so often one line on stderr with the passes' spread and what the
 * longest of them did.  Off (the default), each hook is one test of a
 * global and nothing is written.
 */
#ifndef AD_SERVER_LOOP_STATS_H
#define AD_SERVER_LOOP_STATS_H

#include <stdint.h>

/* A pass's parts, in µs: waiting in epoll, the callbacks (frames read,
 * commands run), the tables' timers among them, the commit (the store's
 * transaction, its sync and any checkpoint), the acks and pushes built,
 * finished tables evicted, malloc_trim, and the frames written. */
enum { LS_WAIT, LS_WORK, LS_TIMERS, LS_COMMIT, LS_PUSH, LS_EVICT, LS_TRIM, LS_SEND, LS_PARTS };
/* ... and the commit's time on a CPU, and waiting in the run queue for
 * one (the rest of it the thread slept: the disk's sync) */
enum { LS_COMMIT_CPU = LS_PARTS, LS_COMMIT_QUEUED, LS_ALL };
/* What a pass did: acts acknowledged (or refused), tables stored, timers
 * fired. */
enum { LS_ACTS, LS_TABLES, LS_COMMITS, LS_FIRED, LS_COUNTS };

extern int ad_loop_stats_on;

/* The monotonic clock in µs; the thread's CPU time in µs. */
int64_t ad_ls_now(void);
int64_t ad_ls_cpu(void);
/* The loop's thread's schedstat: ns on a CPU, ns waiting for one. */
void ad_ls_sched(int64_t out[2]);
/* Reads ALPHADECK_LOOP_STATS (seconds between lines; unset or 0: off). */
void ad_ls_start(void);
/* Adds us to part p, or n to count k, of the pass under way. */
void ad_ls_add(int p, int64_t us);
void ad_ls_count(int k, int n);
/* An act taken at taken_us (ad_ls_now) is answered in this pass: its
 * time in the server, from then to the end of the pass's writes, is
 * counted when the pass ends. */
void ad_ls_act(int64_t taken_us);
/* A commit on the commits' thread (commit.c) took us, from its hand-over
 * to its return: counted by the loop as it reaps it. */
void ad_ls_commit(int64_t us);
/* The pass is over (wait_us of it in epoll, run_us in libuv's turn of
 * which wait_us is part, total_us in all): folds it in, and writes the
 * line when its time has come. */
void ad_ls_pass(int64_t wait_us, int64_t run_us, int64_t total_us);

#endif
