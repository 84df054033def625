/*
 * term.h - the terminal client's entry points, for the dispatcher
 * (src/cli/main.c).  Each takes the arguments after its name and returns
 * the process exit code.
 */
#ifndef AD_TERM_H
#define AD_TERM_H

/* `alphadeck play GAME`: a game against the computer (play.c). */
int ad_cli_play(int argc, char **argv);
/* `alphadeck replay FILE`: a saved game, step by step (replay_line.c). */
int ad_cli_replay(int argc, char **argv);

#endif
