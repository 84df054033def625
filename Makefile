# alphadeck: `make` builds build/alphadeck, build/libalphadeck.a and
# build/libalphadeck.so (the same objects: -fPIC, every symbol hidden but
# the public API's); `make install` puts them, the headers, the man page,
# alphadeck.pc, the dictionary's indexes and the web client under PREFIX;
# `make test` builds the tests twice (plain, and under ASan+UBSan) with
# -Werror, and the fuzz harnesses (`make fuzz`, with clang), runs them all
# (the harnesses briefly) and ends with one line "N passed, N failed".

CC      ?= cc
PKGS    := jansson
OPT     ?= -O2
# (set on make's command line only: DEBUG in the environment is node's)
DEBUG_INFO = -g
CFLAGS  ?= $(OPT) $(DEBUG_INFO)
WARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wno-missing-field-initializers
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) $(EXTRA_CFLAGS) -Iinclude -Isrc \
             $(shell pkg-config --cflags $(PKGS) libpq)
LDLIBS  := $(shell pkg-config --libs $(PKGS)) -lpthread -lm
# the command alone (its full-screen client) links ncursesw; the library does not
CLI_LIBS := $(shell pkg-config --libs ncursesw libwebsockets libuv sqlite3 libpq libcrypto) -lunistring
# the server's store: its front and its two back ends (src/server/store*.c)
STORE_SRC := src/server/store.c src/server/store_sqlite.c src/server/store_pg.c src/server/store_wal.c
STORE_LIBS := $(shell pkg-config --libs sqlite3 libpq)
# the server's lobby, by job (src/server/lobby_impl.h), and what a test of
# it links beside it: the store, the bus, names, and the transport and the
# workers stubbed (tests/server_stub.c)
LOBBY_SRC := src/server/lobby.c src/server/commands.c src/server/identity.c \
             src/server/making.c src/server/listing.c src/server/membership.c \
             src/server/running.c src/server/pushes.c src/server/commit.c \
             src/server/restore.c src/server/cluster.c src/server/talk.c \
             src/server/rematch.c src/server/recent.c src/server/quick.c \
             src/server/race.c \
             src/server/delta.c \
             src/server/hint.c src/server/buckets.c src/server/learn.c \
             src/server/loop_stats.c \
             src/server/json_pool.c
LOBBY_DEPS := $(LOBBY_SRC) src/server/bus.c src/server/names.c $(STORE_SRC) tests/server_stub.c
LOBBY_LIBS := $(STORE_LIBS) $(shell pkg-config --libs libcrypto) -lunistring

B       ?= build
# The objects of the server's own files that tests and a fuzz harness link
# (the lobby, its store, names, the workers' views): the same objects as the
# binary's, compiled once, not again into each test.
SRV_OBJ = $(patsubst %.c,$(B)/obj/%.o,$(1))
LIB_SRC := $(wildcard src/core/*.c src/games/*.c src/games/*/*.c src/bots/*.c src/lexicon/*.c \
             src/director/*.c src/records/*.c src/narrate/*.c)
CLI_SRC := $(wildcard src/app/*.c src/cli/*.c src/term/*.c src/tools/*.c src/server/*.c)
DATA    := $(sort $(wildcard data/*/*.txt))
RULES   := $(sort $(wildcard docs/rules/*.md docs/rules/*.svg))
# the engine's line handler (alphadeck/engine.h): above ad_table, below clients
LIB_SRC += $(wildcard src/engine/*.c)
LIB_OBJ := $(LIB_SRC:%.c=$(B)/obj/%.o) $(B)/obj/gen/data.o $(B)/obj/gen/paths.o
CLI_OBJ := $(CLI_SRC:%.c=$(B)/obj/%.o) $(B)/obj/gen/rules.o $(B)/obj/gen/pictures.o
# Sequence Letters' pictures, carried in the binary for the server
# (src/server/pictures.c): installed with it, like the rest of data/
PICTURES := $(sort $(wildcard data/pictures/*.svg))
HEADERS := $(wildcard include/alphadeck/*.h src/*/*.h src/games/*/*.h)

UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)
PROP_SRC := $(wildcard tests/property/prop_*.c)
PROP_BIN := $(PROP_SRC:tests/property/%.c=$(B)/tests/%)
TEST_LIBS := $(shell pkg-config --libs cmocka 2>/dev/null)

# The dictionary's indexes (docs/lexicon.md): SCOWL sizes 70 (default) and
# 50 (common); the binary tells the library to look in its own lexicon/.
SCOWL   := $(wildcard /usr/share/dict/scowl/english-words.* /usr/share/dict/scowl/american-words.*)
LEX_IDX := $(B)/lexicon/scowl-70.idx $(B)/lexicon/scowl-50.idx

# Where `make install` puts things (DESTDIR before each, for packaging).
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
LIBDIR  ?= $(PREFIX)/lib
INCDIR  ?= $(PREFIX)/include
MANDIR  ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/alphadeck
VERSION := $(shell sed -n 's/^\#define AD_VERSION "\(.*\)"/\1/p' include/alphadeck/alphadeck.h)
SONAME  := libalphadeck.so.$(firstword $(subst ., ,$(VERSION)))
SO      := $(B)/libalphadeck.so

.PHONY: all test test-builds tests test-pg test-cluster fuzz fuzzers clean install install-deps FORCE
all: $(B)/alphadeck $(B)/libalphadeck.a $(SO) $(LEX_IDX)

$(B)/alphadeck: $(CLI_OBJ) $(B)/libalphadeck.a
	$(CC) $(ALL_CFLAGS) -o $@ $(CLI_OBJ) $(B)/libalphadeck.a $(CLI_LIBS) $(LDLIBS)

# The library's objects are position-independent (one set for the archive
# and the shared object) and hide every symbol the public headers do not
# declare (their `#pragma GCC visibility push(default)`); the binary and the
# tests link the archive, so they still reach the internal functions.
$(LIB_OBJ): LIB_CFLAGS := -fPIC -fvisibility=hidden -fno-semantic-interposition
# The words query's hot files at -O3 in the default build: 4% off a query
# (bench/notes/2026-11-28-p1-shout-words-round-four.md); not the library's.
LEX_HOT := src/lexicon/words.c src/lexicon/multi.c src/lexicon/ways.c src/lexicon/scan.c
$(LEX_HOT:%.c=$(B)/obj/%.o): LIB_CFLAGS += $(if $(filter -O2,$(OPT)),-O3)

$(B)/libalphadeck.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

# The shared object exports the ad_ names alone (src/libalphadeck.map).
$(SO).$(VERSION): $(LIB_OBJ) src/libalphadeck.map
	$(CC) $(ALL_CFLAGS) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=src/libalphadeck.map \
	    -Wl,--no-undefined -o $@ $(LIB_OBJ) $(LDLIBS)

$(SO): $(SO).$(VERSION)
	ln -sf $(notdir $<) $(B)/$(SONAME)
	ln -sf $(SONAME) $@

# ad_data_dir(): where `make install` puts the data, rewritten only when
# PREFIX or DATADIR changes (so the archive is not relinked for nothing).
$(B)/gen/paths.c: FORCE
	@mkdir -p $(dir $@)
	@printf '%s\n' '/* paths.c - made by the Makefile: the data folder of `make install` */' \
	    '#include "alphadeck/alphadeck.h"' \
	    'const char *ad_data_dir(void) { return "$(DATADIR)"; }' >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(B)/lexicon/scowl-%.idx: $(B)/alphadeck $(SCOWL)
	@mkdir -p $(dir $@)
	$(B)/alphadeck words --size $* --write-index $@

# The words of the family dictionary a package maintains (npm's
# naughty-words, installed by npm ci), read at build time, embedded beside
# data/words/family.txt.
FAMILY_LISTED := $(B)/gen/data/words/family-listed.txt
$(FAMILY_LISTED): scripts/family-words package-lock.json
	scripts/family-words $@

$(B)/gen/data.c: scripts/embed-data $(DATA) $(FAMILY_LISTED)
	@mkdir -p $(dir $@)
	scripts/embed-data $@ ad_data_files data/:$(B)/gen/data/ $(DATA) $(FAMILY_LISTED)

# The rules pages and their pictures, for the help screens and the API
# (src/app/rules.c).
$(B)/gen/rules.c: scripts/embed-data $(RULES)
	@mkdir -p $(dir $@)
	scripts/embed-data $@ ad_cli_rules_files docs/rules/ $(RULES)

$(B)/gen/pictures.c: scripts/embed-data $(PICTURES)
	@mkdir -p $(dir $@)
	scripts/embed-data $@ ad_srv_picture_files data/pictures/ $(PICTURES)

$(B)/obj/gen/pictures.o: $(B)/gen/pictures.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(B)/obj/gen/rules.o: $(B)/gen/rules.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(B)/obj/gen/data.o: $(B)/gen/data.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LIB_CFLAGS) -c -o $@ $<

$(B)/obj/gen/paths.o: $(B)/gen/paths.c include/alphadeck/alphadeck.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LIB_CFLAGS) -c -o $@ $<

$(B)/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LIB_CFLAGS) -c -o $@ $<

# the server's store is not in the library: its test links it, SQLite and libpq
$(B)/tests/test_store $(B)/tests/test_store_cost: $(B)/tests/%: tests/unit/%.c $(call SRV_OBJ,$(STORE_SRC)) $(HEADERS) tests/testutil.h tests/unit/store_util.h $(B)/libalphadeck.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(call SRV_OBJ,$(STORE_SRC)) $(B)/libalphadeck.a $(TEST_LIBS) $(STORE_LIBS) $(LDLIBS)

# the server's names (src/server/names.c) are not in the library: libunistring's
$(B)/tests/test_names: tests/unit/test_names.c $(call SRV_OBJ,src/server/names.c) $(HEADERS) tests/testutil.h $(B)/libalphadeck.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(call SRV_OBJ,src/server/names.c) $(B)/libalphadeck.a $(TEST_LIBS) -lunistring $(LDLIBS)

# the lobby is not in the library: its test links it and what it needs
# (LOBBY_DEPS), net.c and the workers stubbed with a clock the test moves
$(B)/tests/test_lobby $(B)/tests/test_lobby_trim $(B)/tests/test_lobby_alloc: $(B)/tests/test_lobby%: tests/unit/test_lobby%.c $(call SRV_OBJ,$(LOBBY_DEPS)) tests/server_stub.h $(HEADERS) tests/testutil.h $(B)/libalphadeck.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(call SRV_OBJ,$(LOBBY_DEPS)) $(B)/libalphadeck.a $(TEST_LIBS) $(LOBBY_LIBS) $(LDLIBS) $(WRAP)
# the stub of net.c and the workers, an object like the lobby's own
$(B)/obj/tests/server_stub.o: tests/server_stub.h
# test_lobby_alloc counts the blocks a push takes: the allocator and the push
# wrapped (ld's --wrap) for the calls between the server's files
$(B)/tests/test_lobby_alloc: WRAP = $(foreach f,malloc calloc realloc ad_push_update,-Wl,--wrap=$(f))

# the workers' packed views (src/server/view_pack.c) and the workers themselves
$(B)/tests/test_view_pack: tests/unit/test_view_pack.c $(call SRV_OBJ,src/server/view_pack.c src/server/workers.c) $(HEADERS) tests/testutil.h $(B)/libalphadeck.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Isrc -o $@ $< $(call SRV_OBJ,src/server/view_pack.c src/server/workers.c) $(B)/libalphadeck.a $(TEST_LIBS) $(LDLIBS)

# bench/store-pass.c: how long a pass of the server's loop holds the store
$(B)/store-pass: bench/store-pass.c $(call SRV_OBJ,$(STORE_SRC)) $(HEADERS) $(B)/libalphadeck.a
	$(CC) $(ALL_CFLAGS) -o $@ $< $(call SRV_OBJ,$(STORE_SRC)) $(B)/libalphadeck.a $(STORE_LIBS) $(LDLIBS)

# bench/store-cost.c: the store's CPU time an action, alone (issue 33, p2)
$(B)/store-cost: bench/store-cost.c $(call SRV_OBJ,$(STORE_SRC)) $(HEADERS) $(B)/libalphadeck.a
	$(CC) $(ALL_CFLAGS) -o $@ $< $(call SRV_OBJ,$(STORE_SRC)) $(B)/libalphadeck.a $(STORE_LIBS) $(LDLIBS)

$(B)/tests/%: tests/unit/%.c tests/testutil.h $(wildcard tests/unit/*.h) $(B)/libalphadeck.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Isrc -o $@ $< $(B)/libalphadeck.a $(TEST_LIBS) $(LDLIBS)

$(B)/tests/%: tests/property/%.c tests/testutil.h $(wildcard tests/property/*.h) $(B)/libalphadeck.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Isrc -o $@ $< $(B)/libalphadeck.a $(TEST_LIBS) $(LDLIBS)

$(B)/tests/scenarios: tests/protocol/scenarios.c tests/testutil.h $(B)/libalphadeck.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Isrc -o $@ $< $(B)/libalphadeck.a $(TEST_LIBS) $(LDLIBS)

# tests/cli/*.c: tests of the command line, each run with the binary's path
CLI_TEST_BIN := $(patsubst tests/cli/%.c,$(B)/tests/cli/%,$(wildcard tests/cli/*.c))

$(B)/tests/cli/%: tests/cli/%.c tests/testutil.h $(B)/libalphadeck.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Isrc -o $@ $< $(B)/libalphadeck.a $(TEST_LIBS) $(LDLIBS)

# libFuzzer harnesses (tests/fuzz/*.c), built by `make fuzz` into build/fuzz
# with clang: the library compiled for coverage and under ASan+UBSan
# (FUZZ_SAN), each harness linked with libFuzzer's main.  fuzz_engine feeds
# the library's engine (alphadeck/engine.h) line by line.
FUZZ_SAN := -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer \
            -fno-sanitize-recover=undefined
FUZZ_BIN := $(patsubst tests/fuzz/%.c,$(B)/%,$(wildcard tests/fuzz/fuzz_*.c))

$(B)/fuzz_engine: tests/fuzz/fuzz_engine.c $(HEADERS) $(B)/libalphadeck.a
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -o $@ $< $(B)/libalphadeck.a $(LDLIBS)

# fuzz_server: the lobby and the store (on SQLite), net.c and workers.c
# stubbed (tests/server_stub.c)
$(B)/fuzz_server: tests/fuzz/fuzz_server.c $(call SRV_OBJ,$(LOBBY_DEPS)) tests/server_stub.h $(HEADERS) $(B)/libalphadeck.a
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -o $@ $< $(call SRV_OBJ,$(LOBBY_DEPS)) $(B)/libalphadeck.a $(LOBBY_LIBS) $(LDLIBS)

$(B)/fuzz_%: tests/fuzz/fuzz_%.c $(HEADERS) $(B)/libalphadeck.a
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -o $@ $< $(B)/libalphadeck.a $(LDLIBS)

fuzzers: $(FUZZ_BIN)

fuzz:
	$(MAKE) --no-print-directory B=build/fuzz CC=clang OPT=-O1 DEBUG_INFO=$(SAN_DEBUG) EXTRA_CFLAGS="$(FUZZ_SAN)" fuzzers

# Everything the test run needs, in one build directory.
tests: all $(UNIT_BIN) $(PROP_BIN) $(B)/tests/scenarios $(CLI_TEST_BIN)

SAN := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
# The sanitizer and fuzz trees keep the debug information a sanitizer's
# report needs (functions and line tables: -g1), not the locals' a debugger
# reads (-g): a third less of their compile time, and `make test` is bound
# by its CPU.  A failure to look into is built again with -g.
SAN_DEBUG := -g1

# The test builds use every core (JOBS, default nproc), so a plain `make
# test` on a fresh clone does not compile three trees one file at a time.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

test:
	$(MAKE) --no-print-directory -j$(JOBS) B=build/test EXTRA_CFLAGS=-Werror tests
	@tests/run --then '$(MAKE) --no-print-directory test-builds' build/test build/asan:1000:1200 build/fuzz

# The sanitizer build and the fuzz harnesses: `make test` has tests/run
# build them while the node suites (which need build/test alone) run.
test-builds:
	$(MAKE) --no-print-directory -j$(JOBS) B=build/asan OPT=-O1 DEBUG_INFO=$(SAN_DEBUG) EXTRA_CFLAGS="-Werror $(SAN)" tests
	@if command -v clang >/dev/null 2>&1; then $(MAKE) --no-print-directory -j$(JOBS) fuzz; \
	 else echo "make test: no clang, so no fuzz harnesses"; fi

# The store's tests and the server's tests again, on PostgreSQL: a
# throwaway cluster (tests/pg-up) for the run, stopped at its end
# (tests/pg-run).  Not part of `make test`.
test-pg: all $(B)/tests/test_store
	@tests/pg-run $(B)

# A cluster on this machine (scripts/cluster: PostgreSQL, HAProxy, three
# nodes), one node killed with SIGKILL mid-game (tests/cluster/, through
# tests/cluster-run).  Not part of `make test`: .ci/run runs it after.
test-cluster: all
	@tests/cluster-run $(B)

# PREFIX=/usr/local by default; DESTDIR stages it (a package, a test).
install: all docs/alphadeck.1
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCDIR)/alphadeck \
	    $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(DATADIR)/lexicon $(DESTDIR)$(DATADIR)/web
	install -m 755 $(B)/alphadeck $(DESTDIR)$(BINDIR)/
	install -m 644 $(B)/libalphadeck.a $(DESTDIR)$(LIBDIR)/
	install -m 755 $(SO).$(VERSION) $(DESTDIR)$(LIBDIR)/
	ln -sf libalphadeck.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libalphadeck.so
	install -m 644 include/alphadeck/*.h $(DESTDIR)$(INCDIR)/alphadeck/
	install -m 644 docs/alphadeck.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 $(LEX_IDX) $(LEX_IDX:.idx=.tab) $(DESTDIR)$(DATADIR)/lexicon/
	cp -R web/. $(DESTDIR)$(DATADIR)/web/
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(LIBDIR)|; s|@INCDIR@|$(INCDIR)|' \
	    -e 's|@VERSION@|$(VERSION)|' src/alphadeck.pc.in >$(DESTDIR)$(LIBDIR)/pkgconfig/alphadeck.pc

install-deps:
	scripts/install-deps

clean:
	rm -rf build
