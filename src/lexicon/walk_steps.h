/*
 * walk_steps.h - the steps of the words walk (walk.c), compiled twice:
 * once plain, and on x86-64 once more for processors with the popcnt
 * instruction, which finds an edge (the mask's bits below its letter) in
 * one instruction instead of a dozen; walk.c picks one at run time.  The
 * includer defines STEPS(name) (the names of this copy), BITS(x) (the bits
 * set in x) and STEPS_TARGET (an attribute of every function, or nothing).
 */

STEPS_TARGET static void STEPS(visit)(walk *w, uint32_t s, uint32_t letters, int wilds, int depth,
                                      int n);
STEPS_TARGET static void STEPS(visit0)(walk *w, uint32_t s, uint32_t letters, int depth, int n);

/* Just along edge e, with n cards used: a word when one ends there (its
 * length and counts go to the walk; what each wild stands for is filled
 * in only when needed), and on from where it leads if anything can go on
 * there (a dead end costs no call): any letter while a wild is left, else
 * the letters and the first letters of the cards left. */
STEPS_TARGET static inline void STEPS(arrive)(walk *w, uint32_t e, uint32_t letters, int wilds,
                                              int depth, int n)
{
    if ((e & LEX_FINAL) && n >= w->min_cards) {
        w->depth = depth;
        w->how.n = n;
        w->how.wilds = w->wilds - wilds;
        hit_best(w);
    }
    uint32_t t = lex_target(e);
    if (depth >= AD_LEX_WORD_MAX - 1)
        return;
    if (wilds) {
        if (t)
            STEPS(visit)(w, t, letters, wilds, depth, n);
    } else if (w->cell[t] & (letters | w->multi_first)) {
        STEPS(visit0)(w, t, letters, depth, n);
    }
}

/* Letter c along edge e on a card of its own, one being left. */
STEPS_TARGET static inline void STEPS(step_own)(walk *w, unsigned c, uint32_t e, uint32_t letters,
                                                int wilds, int depth, int n)
{
    w->word[depth] = (char)('a' + c);
    w->how.card[n] = (uint8_t)c;
    if (--w->count[c] == 0)
        letters &= ~(1u << c);
    STEPS(arrive)(w, e, letters, wilds, depth + 1, n + 1);
    w->count[c]++;
}

/* The m-th multi-letter card of the hand: follows all its letters or none. */
STEPS_TARGET static void STEPS(step_multi)(walk *w, uint32_t s, int m, uint32_t letters,
                                           int wilds, int depth, int n)
{
    int card = w->multi[m];
    const char *l = w->t->letters[card];
    int k = w->t->len[card];
    uint32_t e = 0;
    if (depth + k >= AD_LEX_WORD_MAX)
        return;
    for (int i = 0; i < k; i++) {
        unsigned c = (unsigned)(l[i] - 'a');
        uint32_t has = w->cell[s];
        if (!((has >> c) & 1))
            return;
        e = w->cell[s + 1 + BITS(has & ((1u << c) - 1))];
        s = lex_target(e);
        w->word[depth + i] = l[i];
    }
    uint64_t left = w->multi_left;
    if (--w->count[card] == 0)
        w->multi_left &= ~(1ull << m);
    w->how.card[n] = (uint8_t)card;
    STEPS(arrive)(w, e, letters, wilds, depth + k, n + 1);
    w->count[card]++;
    w->multi_left = left;
}

/* The multi-letter cards left whose first two letters lead on from s, in
 * the order the hand first holds them.  Which ones is worked out without a
 * branch (the loop runs as many times in every state; a letter with no
 * edge reads cell 0, which has none), and only those are tried. */
STEPS_TARGET static inline void STEPS(step_multis)(walk *w, uint32_t s, uint32_t mask,
                                                   uint32_t letters, int wilds, int depth, int n)
{
    uint64_t go = 0;
    if (!(mask & w->multi_first))
        return;
    for (int i = 0; i < w->nmulti; i++) {
        unsigned c = w->multi_at[i];
        uint32_t on = (mask >> c) & 1;
        uint32_t e = w->cell[(s + 1 + BITS(mask & ((1u << c) - 1))) & (0u - on)];
        on &= (w->cell[lex_target(e)] >> w->multi_next[i]) & 1;
        go |= (uint64_t)on << i;
    }
    for (go &= w->multi_left; go; go &= go - 1)
        STEPS(step_multi)(w, s, __builtin_ctzll(go), letters, wilds, depth, n);
}

/* At each state: every edge in letter order, each on the letter's own card
 * if one is left, else on a wild; then the multi-letter cards. */
STEPS_TARGET static void STEPS(visit)(walk *w, uint32_t s, uint32_t letters, int wilds, int depth,
                                      int n)
{
    uint32_t mask = w->cell[s];
    const uint32_t *edge = w->cell + s + 1;
    for (uint32_t m = mask; m; m &= m - 1, edge++) {
        unsigned c = (unsigned)__builtin_ctz(m);
        if ((letters >> c) & 1) {
            STEPS(step_own)(w, c, *edge, letters, wilds, depth, n);
        } else {
            w->word[depth] = (char)('a' + c);
            w->how.card[n] = AD_LEX_WILD;
            STEPS(arrive)(w, *edge, letters, wilds - 1, depth + 1, n + 1);
        }
    }
    STEPS(step_multis)(w, s, mask, letters, wilds, depth, n);
}

/* The same with no wild left: only the edges of the letters held, each
 * found by counting the mask's bits below it. */
STEPS_TARGET static void STEPS(visit0)(walk *w, uint32_t s, uint32_t letters, int depth, int n)
{
    uint32_t mask = w->cell[s];
    for (uint32_t m = mask & letters; m; m &= m - 1) {
        unsigned c = (unsigned)__builtin_ctz(m);
        uint32_t e = w->cell[s + 1 + BITS(mask & ((1u << c) - 1))];
        STEPS(step_own)(w, c, e, letters, 0, depth, n);
    }
    STEPS(step_multis)(w, s, mask, letters, 0, depth, n);
}

/* Walks from the root if any card can start a word. */
STEPS_TARGET static void STEPS(walk_all)(walk *w, const ad_lex *lex, uint32_t letters)
{
    if (w->wilds)
        STEPS(visit)(w, lex->root, letters, w->wilds, 0, 0);
    else if (lex->cell[lex->root] & (letters | w->multi_first))
        STEPS(visit0)(w, lex->root, letters, 0, 0);
}
