/*
 * index.c - the index of a word list: a minimal DAWG (every shared suffix
 * stored once), built straight from the sorted list in one pass (the
 * algorithm of Daciuk, Mihov, Watson and Watson for sorted input), written
 * to a file and mapped back.  A mapped index is checked whole before use:
 * every edge leads to the start of a state inside the array, so no query
 * can leave it, whatever the file holds (and queries stop at 63 letters).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lex.h"

#define MAGIC "ADLEX\0v3"
#define ENDIAN 0x01020304u

/* The file: this header, then ncells 32-bit cells in the machine's order. */
typedef struct idx_header {
    char magic[8];
    uint32_t endian;
    uint32_t ncells;
    uint32_t root;
    uint32_t states;
    uint32_t nwords;
    uint32_t skipped;
    uint64_t checksum; /* FNV-1a over the cells */
    char key[32];      /* "scowl-70": what the index was built from */
    char source[160];
} idx_header;

static uint64_t fnv(uint64_t h, const uint32_t *w, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h ^= w[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

static uint64_t checksum(const uint32_t *cell, uint32_t n)
{
    return fnv(0xcbf29ce484222325ULL, cell, n);
}

uint64_t ad_lex_cells_sum(const ad_lex *lex)
{
    return checksum(lex->cell, lex->ncells);
}

/* ------------------------------------------------------------------ build */

/* A state on the path of the last word added: its edges so far. */
typedef struct open_state {
    int n;
    uint8_t letter[26];
    uint32_t edge[26]; /* final flag, and the target once it is frozen */
} open_state;

typedef struct builder {
    uint32_t *cell;
    size_t ncells, cap;
    uint32_t *reg; /* the frozen states by content: open addressing, 0 = empty */
    size_t regcap, states;
    open_state path[AD_LEX_WORD_MAX + 1];
    int depth; /* letters in the last word added */
    int oom;
} builder;

/* The cells of s as they will be stored: mask, then edges; returns how many. */
static int encode(const open_state *s, uint32_t *out)
{
    out[0] = 0;
    for (int i = 0; i < s->n; i++) {
        out[0] |= 1u << s->letter[i];
        out[1 + i] = s->edge[i];
    }
    return 1 + s->n;
}

static size_t reg_slot(const builder *b, const uint32_t *run, int n, uint64_t h)
{
    size_t i = h & (b->regcap - 1);
    while (b->reg[i] && memcmp(b->cell + b->reg[i], run, (size_t)n * 4) != 0)
        i = (i + 1) & (b->regcap - 1);
    return i;
}

/* Registers every state again, in a table twice as big. */
static int grow_reg(builder *b)
{
    size_t cap = b->regcap ? b->regcap * 2 : 4096;
    uint32_t *reg = calloc(cap, 4);
    if (!reg)
        return -1;
    free(b->reg);
    b->reg = reg;
    b->regcap = cap;
    for (size_t s = 1; s < b->ncells;) {
        int len = 1 + (int)lex_bits(b->cell[s]);
        b->reg[reg_slot(b, b->cell + s, len, fnv(0, b->cell + s, (size_t)len))] = (uint32_t)s;
        s += (size_t)len;
    }
    return 0;
}

static int grow(builder *b, int n)
{
    if (b->ncells + (size_t)n > b->cap) {
        size_t cap = b->cap * 2 + 4096;
        uint32_t *c = realloc(b->cell, cap * 4);
        if (!c)
            return -1;
        b->cell = c;
        b->cap = cap;
    }
    return (b->states + 1) * 2 > b->regcap ? grow_reg(b) : 0;
}

/* The id of a finished state: an equal one frozen before, or a new run. */
static uint32_t freeze(builder *b, const open_state *s)
{
    uint32_t run[27];
    if (s->n == 0)
        return 0;
    int len = encode(s, run);
    if (b->oom || b->ncells + (size_t)len > LEX_MAX_CELLS || grow(b, len) < 0) {
        b->oom = 1;
        return 0;
    }
    size_t i = reg_slot(b, run, len, fnv(0, run, (size_t)len));
    if (!b->reg[i]) {
        b->reg[i] = (uint32_t)b->ncells;
        memcpy(b->cell + b->ncells, run, (size_t)len * 4);
        b->ncells += (size_t)len;
        b->states++;
    }
    return b->reg[i];
}

/* Freezes the path below depth keep: those states are complete. */
static void close_path(builder *b, int keep)
{
    for (; b->depth > keep; b->depth--) {
        open_state *up = &b->path[b->depth - 1];
        up->edge[up->n - 1] |= freeze(b, &b->path[b->depth]);
    }
}

/* Words come sorted and distinct, so a new word shares a prefix with the
 * last one and then only adds edges after the last edge of a state. */
static void add_word(builder *b, const char *w, int len)
{
    int common = 0;
    while (common < b->depth && common < len &&
           b->path[common].letter[b->path[common].n - 1] == w[common] - 'a')
        common++;
    close_path(b, common);
    for (int d = common; d < len; d++) {
        open_state *s = &b->path[d];
        s->letter[s->n] = (uint8_t)(w[d] - 'a');
        s->edge[s->n++] = d == len - 1 ? LEX_FINAL : 0;
        b->path[d + 1].n = 0;
    }
    b->depth = len;
}

static int build_all(builder *b, const lex_list *l, uint32_t *root)
{
    if (grow(b, 1) < 0)
        return -1;
    b->cell[b->ncells++] = 0; /* state 0: no way on */
    for (long i = 0; i < l->n; i++)
        add_word(b, l->word[i], l->len[i]);
    close_path(b, 0);
    *root = freeze(b, &b->path[0]);
    return b->oom ? -1 : 0;
}

ad_lex *ad_lex_build(const lex_list *l, ad_err *err)
{
    builder *b = calloc(1, sizeof *b);
    ad_lex *lex = calloc(1, sizeof *lex);
    uint32_t root = 0;
    if (!b || !lex || build_all(b, l, &root) < 0) {
        int big = b && b->ncells + 27 > LEX_MAX_CELLS;
        ad_err_set(err, big ? AD_E_BAD_DICT : AD_E_INTERNAL, "%s",
                   big ? "too many words for one index" : "out of memory");
        free(lex);
        lex = NULL;
        if (b)
            free(b->cell);
    } else {
        lex->cell = b->cell;
        lex->ncells = (uint32_t)b->ncells;
        lex->root = root;
        lex->mem = b->cell;
        lex->info.words = l->n;
        lex->info.states = (long)b->states + 1;
        lex->info.edges = (long)(b->ncells - b->states - 1);
        lex->info.bytes = sizeof(idx_header) + b->ncells * 4;
    }
    if (b)
        free(b->reg);
    free(b);
    return lex;
}

/* ------------------------------------------------------------------- save */

static void fill_header(const ad_lex *lex, idx_header *h)
{
    memset(h, 0, sizeof *h);
    memcpy(h->magic, MAGIC, 8);
    h->endian = ENDIAN;
    h->ncells = lex->ncells;
    h->root = lex->root;
    h->states = (uint32_t)lex->info.states;
    h->nwords = (uint32_t)lex->info.words;
    h->skipped = (uint32_t)lex->info.skipped;
    h->checksum = checksum(lex->cell, lex->ncells);
    snprintf(h->key, sizeof h->key, "%s", lex->key);
    snprintf(h->source, sizeof h->source, "%s", lex->info.source);
}

FILE *ad_lex_file_open(const char *path, char *tmp, size_t size, ad_err *err)
{
    if (snprintf(tmp, size, "%s.tmp%ld", path, (long)getpid()) >= (int)size) {
        ad_err_set(err, AD_E_IO, "the path %.100s... is too long", path);
        return NULL;
    }
    FILE *f = fopen(tmp, "wb");
    if (!f)
        ad_err_set(err, AD_E_IO, "cannot write %s: %s", tmp, strerror(errno));
    return f;
}

int ad_lex_file_done(FILE *f, int ok, const char *tmp, const char *path, ad_err *err)
{
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path) != 0) {
        int e = errno;
        remove(tmp);
        return ad_err_set(err, AD_E_IO, "cannot write %s: %s", path, strerror(e));
    }
    return 0;
}

int ad_lex_save(const ad_lex *lex, const char *path, ad_err *err)
{
    idx_header h;
    char tmp[PATH_MAX + 32];
    fill_header(lex, &h);
    FILE *f = ad_lex_file_open(path, tmp, sizeof tmp, err);
    if (!f)
        return -1;
    int ok = fwrite(&h, sizeof h, 1, f) == 1 &&
             fwrite(lex->cell, 4, lex->ncells, f) == lex->ncells;
    return ad_lex_file_done(f, ok, tmp, path, err);
}

/* ------------------------------------------------------------------- load */

/* The states tile the array from cell 0 (which has no edges), and every
 * edge leads to a state's first cell: then no query can read outside. */
static int sound(const uint32_t *cell, uint32_t n, uint32_t root, uint32_t states)
{
    uint8_t *start = calloc(n / 8 + 1, 1);
    uint32_t s = 0, count = 0;
    int ok = start && n >= 2 && cell[0] == 0;
    for (; ok && s < n; count++) {
        start[s / 8] |= (uint8_t)(1u << (s % 8));
        ok = (cell[s] & ~LEX_MASK) == 0 && n - s > lex_bits(cell[s]);
        s += 1 + lex_bits(cell[s]);
    }
    ok = ok && s == n && count == states && root < n && ((start[root / 8] >> (root % 8)) & 1);
    for (s = 0; ok && s < n; s += 1 + lex_bits(cell[s]))
        for (uint32_t i = 1; ok && i <= lex_bits(cell[s]); i++) {
            uint32_t t = lex_target(cell[s + i]);
            ok = t < n && ((start[t / 8] >> (t % 8)) & 1);
        }
    free(start);
    return ok;
}

static int bad_index(const char *path, const char *why, ad_err *err)
{
    return ad_err_set(err, AD_E_BAD_DICT, "%s is not a usable index: %s", path, why);
}

static int check_header(const idx_header *h, size_t size, const char *path, ad_err *err)
{
    if (memcmp(h->magic, MAGIC, 8) != 0 || h->endian != ENDIAN)
        return bad_index(path, "not an alphadeck index of this version", err);
    if ((size - sizeof *h) % 4 || (size - sizeof *h) / 4 != h->ncells)
        return bad_index(path, "its size does not match its header", err);
    const uint32_t *cell = (const uint32_t *)(const void *)(h + 1);
    if (checksum(cell, h->ncells) != h->checksum || !sound(cell, h->ncells, h->root, h->states))
        return bad_index(path, "it is damaged", err);
    return 0;
}

static ad_lex *from_mapping(void *map, size_t size, const char *path)
{
    const idx_header *h = map;
    ad_lex *lex = calloc(1, sizeof *lex);
    if (!lex)
        return NULL;
    lex->cell = (const uint32_t *)(const void *)(h + 1);
    lex->ncells = h->ncells;
    lex->root = h->root;
    lex->mem = map;
    lex->mem_len = size;
    snprintf(lex->key, sizeof lex->key, "%.*s", (int)sizeof h->key, h->key);
    lex->info.words = h->nwords;
    lex->info.skipped = h->skipped;
    lex->info.states = h->states;
    lex->info.edges = (long)h->ncells - h->states;
    lex->info.bytes = size;
    snprintf(lex->info.source, sizeof lex->info.source, "%.*s", (int)sizeof h->source,
             h->source);
    snprintf(lex->info.index, sizeof lex->info.index, "%s", path);
    return lex;
}

ad_lex *ad_lex_load_index(const char *path, ad_err *err)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        ad_err_set(err, AD_E_IO, "cannot read %s: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    size_t size = (size_t)st.st_size;
    void *map = size >= sizeof(idx_header) && S_ISREG(st.st_mode)
                    ? mmap(NULL, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0)
                    : MAP_FAILED;
    close(fd);
    if (map == MAP_FAILED) {
        bad_index(path, "too short, or not a regular file", err);
        return NULL;
    }
    ad_lex *lex = NULL;
    if (check_header(map, size, path, err) == 0 && !(lex = from_mapping(map, size, path)))
        ad_err_set(err, AD_E_INTERNAL, "out of memory");
    if (!lex)
        munmap(map, size);
    return lex;
}

/* ------------------------------------------------------------------- find */

/* The folder ad_lex_set_dir chose ("" for none).  Set before any load,
 * then only read, so loads on several threads may share it. */
static char chosen_dir[PATH_MAX];

int ad_lex_set_dir(const char *dir)
{
    if (dir && strlen(dir) >= sizeof chosen_dir)
        return -1;
    snprintf(chosen_dir, sizeof chosen_dir, "%s", dir ? dir : "");
    return 0;
}

/* The places in their order (docs/lexicon.md, "Finding the index"): the
 * folder the program chose, $AD_LEXICON_DIR, then the installed one.  The
 * running program's own folder is none of them: a library cannot know
 * which program it is in, so the program says (src/cli/main.c does). */
ad_lex *ad_lex_find_index(int size)
{
    char name[32], installed[PATH_MAX], path[PATH_MAX + 64];
    snprintf(name, sizeof name, "scowl-%d", size);
    snprintf(installed, sizeof installed, "%s/lexicon", ad_data_dir());
    const char *env = getenv("AD_LEXICON_DIR");
    const char *base[3] = {chosen_dir, env, installed};
    for (int i = 0; i < 3; i++) {
        if (!base[i] || !base[i][0])
            continue;
        snprintf(path, sizeof path, "%s/%s.idx", base[i], name);
        if (access(path, R_OK) != 0)
            continue;
        ad_lex *lex = ad_lex_load_index(path, NULL);
        if (lex && strcmp(lex->key, name) == 0)
            return lex;
        ad_lex_free(lex);
    }
    return NULL;
}
