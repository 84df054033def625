/*
 * speak.h - `alphadeck play --speak`: what the library reads aloud to the
 * person's seat (narrate.h's ad_aloud_*, the same lines the browser says)
 * piped to espeak-ng, one utterance a line.  espeak-ng is optional: when
 * it is not on the PATH the person is told once and the game goes on
 * silent.
 */
#ifndef AD_TERM_SPEAK_H
#define AD_TERM_SPEAK_H

#include <stdio.h>

#include "alphadeck/alphadeck.h"

typedef struct ad_term_speaker {
    FILE *pipe;  /* espeak-ng's input, or NULL (not asked for, or missing) */
    int started; /* the first turn line was said */
} ad_term_speaker;

/* Starts espeak-ng when it is on the PATH; else says so on `note`, once.
 * Returns 0 either way: the game goes on. */
int ad_term_speaker_open(ad_term_speaker *s, FILE *note);
/* Says each line of a JSON array of strings (nothing when closed). */
void ad_term_speaker_say(ad_term_speaker *s, const json_t *lines);
/* Lets espeak-ng finish what it was given, and closes it. */
void ad_term_speaker_close(ad_term_speaker *s);

#endif
