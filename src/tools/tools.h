/*
 * tools.h - the measuring tools' entry points, for the dispatcher
 * (src/cli/main.c), and the little the tools share among themselves.
 * Each command takes the arguments after its name and returns the
 * process exit code.
 */
#ifndef AD_TOOLS_H
#define AD_TOOLS_H

/* `alphadeck sim`: many games between bot levels (sim.c). */
int ad_cli_sim(int argc, char **argv);
/* `alphadeck bench`: the rules engines' and the bots' speed (bench.c). */
int ad_cli_bench(int argc, char **argv);
/* `alphadeck words`: the dictionary's queries (words.c). */
int ad_cli_words(int argc, char **argv);
/* `alphadeck loadtest`: many WebSocket players against a server on this
 * machine (loadtest.c). */
int ad_cli_loadtest(int argc, char **argv);

/* `alphadeck bench --words`: the dictionary's speed beside simple
 * baselines (words_bench.c), its scan taking the way named by scan
 * (ad_lex_use_scan; NULL: the processor's best). */
int ad_cli_bench_words(int rounds, const char *scan);
/* For commands that play many games (sim, bench): keep freed memory in the
 * process instead of handing it back to the kernel after every game's
 * record, which made page faults a fifth of a playout's time (sim.c). */
void ad_cli_keep_memory(void);

#endif
