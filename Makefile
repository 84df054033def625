# alphadeck: `make` builds build/alphadeck and build/libalphadeck.a;
# `make test` builds the tests twice (plain, and under ASan+UBSan) with
# -Werror, and the fuzz harnesses (`make fuzz`, with clang), runs them all
# (the harnesses briefly) and ends with one line "N passed, N failed".

CC      ?= cc
PKGS    := jansson
OPT     ?= -O2
CFLAGS  ?= $(OPT) -g
WARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wno-missing-field-initializers
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) $(EXTRA_CFLAGS) -Iinclude -Isrc \
             $(shell pkg-config --cflags $(PKGS) libpq)
LDLIBS  := $(shell pkg-config --libs $(PKGS)) -lpthread -lm
# the command alone (its full-screen client) links ncursesw; the library does not
CLI_LIBS := $(shell pkg-config --libs ncursesw libwebsockets libuv sqlite3 libpq libcrypto) -lunistring
# the server's store: its front and its two back ends (src/server/store*.c)
STORE_SRC := src/server/store.c src/server/store_sqlite.c src/server/store_pg.c
STORE_LIBS := $(shell pkg-config --libs sqlite3 libpq)
# the server's lobby, by job (src/server/lobby_impl.h), and what a test of
# it links beside it: the store, the bus, names, and the transport and the
# workers stubbed (tests/server_stub.c)
LOBBY_SRC := src/server/lobby.c src/server/commands.c src/server/identity.c \
             src/server/making.c src/server/listing.c src/server/membership.c \
             src/server/running.c src/server/pushes.c src/server/commit.c \
             src/server/restore.c src/server/cluster.c
LOBBY_DEPS := $(LOBBY_SRC) src/server/bus.c src/server/names.c $(STORE_SRC) tests/server_stub.c
LOBBY_LIBS := $(STORE_LIBS) $(shell pkg-config --libs libcrypto) -lunistring

B       ?= build
LIB_SRC := $(wildcard src/core/*.c src/games/*.c src/bots/*.c src/lexicon/*.c \
             src/director/*.c src/records/*.c src/narrate/*.c)
CLI_SRC := $(wildcard src/cli/*.c src/term/*.c src/tools/*.c src/server/*.c)
DATA    := $(sort $(wildcard data/*/*.txt))
RULES   := $(sort $(wildcard docs/rules/*.md))
LIB_OBJ := $(LIB_SRC:%.c=$(B)/obj/%.o) $(B)/obj/gen/data.o
CLI_OBJ := $(CLI_SRC:%.c=$(B)/obj/%.o) $(B)/obj/gen/rules.o
HEADERS := $(wildcard include/alphadeck/*.h src/*/*.h)

UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)
PROP_SRC := $(wildcard tests/property/prop_*.c)
PROP_BIN := $(PROP_SRC:tests/property/%.c=$(B)/tests/%)
TEST_LIBS := $(shell pkg-config --libs cmocka 2>/dev/null)

# The dictionary's indexes (docs/lexicon.md): SCOWL sizes 70 (default) and
# 50 (common), found next to the binary at run time.
SCOWL   := $(wildcard /usr/share/dict/scowl/english-words.* /usr/share/dict/scowl/american-words.*)
LEX_IDX := $(B)/lexicon/scowl-70.idx $(B)/lexicon/scowl-50.idx

.PHONY: all test tests test-pg test-cluster fuzz fuzzers clean install-deps
all: $(B)/alphadeck $(B)/libalphadeck.a $(LEX_IDX)

$(B)/alphadeck: $(CLI_OBJ) $(B)/libalphadeck.a
	$(CC) $(ALL_CFLAGS) -o $@ $(CLI_OBJ) $(B)/libalphadeck.a $(CLI_LIBS) $(LDLIBS)

$(B)/libalphadeck.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(B)/lexicon/scowl-%.idx: $(B)/alphadeck $(SCOWL)
	@mkdir -p $(dir $@)
	$(B)/alphadeck words --size $* --write-index $@

$(B)/gen/data.c: scripts/embed-data $(DATA)
	@mkdir -p $(dir $@)
	scripts/embed-data $@ ad_data_files data/ $(DATA)

# The rules pages, for the command's help screens (src/cli/rules.c).
$(B)/gen/rules.c: scripts/embed-data $(RULES)
	@mkdir -p $(dir $@)
	scripts/embed-data $@ ad_cli_rules_files docs/rules/ $(RULES)

$(B)/obj/gen/rules.o: $(B)/gen/rules.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(B)/obj/gen/data.o: $(B)/gen/data.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(B)/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# the server's store is not in the library: its test links it, SQLite and libpq
$(B)/tests/test_store: tests/unit/test_store.c $(STORE_SRC) $(HEADERS) tests/testutil.h $(B)/libalphadeck.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(STORE_SRC) $(B)/libalphadeck.a $(TEST_LIBS) $(STORE_LIBS) $(LDLIBS)

# the server's names (src/server/names.c) are not in the library: libunistring's
$(B)/tests/test_names: tests/unit/test_names.c src/server/names.c $(HEADERS) tests/testutil.h $(B)/libalphadeck.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< src/server/names.c $(B)/libalphadeck.a $(TEST_LIBS) -lunistring $(LDLIBS)

# the lobby is not in the library: its test links it and what it needs
# (LOBBY_DEPS), net.c and the workers stubbed with a clock the test moves
$(B)/tests/test_lobby: tests/unit/test_lobby.c $(LOBBY_DEPS) tests/server_stub.h $(HEADERS) tests/testutil.h $(B)/libalphadeck.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(LOBBY_DEPS) $(B)/libalphadeck.a $(TEST_LIBS) $(LOBBY_LIBS) $(LDLIBS)

# bench/store-pass.c: how long a pass of the server's loop holds the store
$(B)/store-pass: bench/store-pass.c $(STORE_SRC) $(HEADERS) $(B)/libalphadeck.a
	$(CC) $(ALL_CFLAGS) -o $@ $< $(STORE_SRC) $(B)/libalphadeck.a $(STORE_LIBS) $(LDLIBS)

$(B)/tests/%: tests/unit/%.c tests/testutil.h $(B)/libalphadeck.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Isrc -o $@ $< $(B)/libalphadeck.a $(TEST_LIBS) $(LDLIBS)

$(B)/tests/%: tests/property/%.c tests/testutil.h $(B)/libalphadeck.a
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
# (FUZZ_SAN), each harness linked with libFuzzer's main.  fuzz_engine links
# the engine's line handler, src/cli/engine.c, beside the library.
FUZZ_SAN := -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer \
            -fno-sanitize-recover=undefined
FUZZ_BIN := $(patsubst tests/fuzz/%.c,$(B)/%,$(wildcard tests/fuzz/fuzz_*.c))

$(B)/fuzz_engine: tests/fuzz/fuzz_engine.c src/cli/engine.c $(HEADERS) $(B)/libalphadeck.a
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -o $@ $< src/cli/engine.c $(B)/libalphadeck.a $(LDLIBS)

# fuzz_server: the lobby and the store (on SQLite), net.c and workers.c
# stubbed (tests/server_stub.c)
$(B)/fuzz_server: tests/fuzz/fuzz_server.c $(LOBBY_DEPS) tests/server_stub.h $(HEADERS) $(B)/libalphadeck.a
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -o $@ $< $(LOBBY_DEPS) $(B)/libalphadeck.a $(LOBBY_LIBS) $(LDLIBS)

$(B)/fuzz_%: tests/fuzz/fuzz_%.c $(HEADERS) $(B)/libalphadeck.a
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -o $@ $< $(B)/libalphadeck.a $(LDLIBS)

fuzzers: $(FUZZ_BIN)

fuzz:
	$(MAKE) --no-print-directory B=build/fuzz CC=clang OPT=-O1 EXTRA_CFLAGS="$(FUZZ_SAN)" fuzzers

# Everything the test run needs, in one build directory.
tests: all $(UNIT_BIN) $(PROP_BIN) $(B)/tests/scenarios $(CLI_TEST_BIN)

SAN := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

test:
	$(MAKE) --no-print-directory B=build/test EXTRA_CFLAGS=-Werror tests
	$(MAKE) --no-print-directory B=build/asan OPT=-O1 EXTRA_CFLAGS="-Werror $(SAN)" tests
	@if command -v clang >/dev/null 2>&1; then $(MAKE) --no-print-directory fuzz; \
	 else echo "make test: no clang, so no fuzz harnesses"; fi
	@tests/run build/test build/asan:1000:1200 build/fuzz

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

install-deps:
	scripts/install-deps

clean:
	rm -rf build
