#!/bin/sh
# tests/install/pkgconfig.sh [BUILD_DIR]: `make install` into a scratch
# folder (DESTDIR, with the default PREFIX, so the build is not relinked), then what a user of the installed library
# does: builds tests/install/hello.c with `pkg-config --cflags --libs
# alphadeck` and runs it against the shared library.  Checks the installed
# files, the program's output, that it linked libalphadeck.so (not the
# archive), and that the shared object exports ad_ names alone.  One test:
# it ends with cmocka's "[  PASSED  ] 1 test(s)." or "[  FAILED  ] ...",
# which tests/run counts.  The scratch folder is removed at the end.
set -u
b=${1:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
root=$tmp/root
prefix=/usr/local # the Makefile's default: the build's ad_data_dir() stays as it is
problems=0

fail() {
    echo "pkgconfig.sh: $*" >&2
    problems=$((problems + 1))
}

check() {
    [ -e "$root$prefix/$1" ] || fail "make install did not put $1 in place"
}

if ! make --no-print-directory B="$b" install DESTDIR="$root" PREFIX="$prefix" >"$tmp/make.log" 2>&1; then
    cat "$tmp/make.log"
    fail "make install failed"
fi
for f in bin/alphadeck lib/libalphadeck.a lib/libalphadeck.so lib/libalphadeck.so.0 \
    include/alphadeck/alphadeck.h include/alphadeck/engine.h include/alphadeck/narrate.h \
    share/man/man1/alphadeck.1 lib/pkgconfig/alphadeck.pc \
    share/alphadeck/lexicon/scowl-70.idx share/alphadeck/web/index.html; do
    check "$f"
done

export PKG_CONFIG_SYSROOT_DIR="$root" PKG_CONFIG_PATH="$root$prefix/lib/pkgconfig"
flags=$(pkg-config --cflags --libs alphadeck) || fail "pkg-config knows no alphadeck"
echo "pkg-config --cflags --libs alphadeck: $flags"
# shellcheck disable=SC2086 # the flags are words
${CC:-cc} -std=c11 -Wall -Wextra -Werror -o "$tmp/hello" tests/install/hello.c $flags ||
    fail "hello.c does not build against the installed library"

if [ -x "$tmp/hello" ]; then
    export LD_LIBRARY_PATH="$root$prefix/lib"
    ldd "$tmp/hello" | grep -q "libalphadeck.so.0 => $root$prefix/lib/" ||
        fail "hello is not linked with the installed libalphadeck.so.0"
    out=$("$tmp/hello") || fail "hello exited with status $?"
    echo "$out"
    for want in "No Way (alphadeck" "over after" "winner seat" "narrated: " 'engine: {"ok":true'; do
        case $out in *"$want"*) ;; *) fail "hello did not print \"$want\"" ;; esac
    done
fi

so="$root$prefix/lib/libalphadeck.so"
names=$(nm -D --defined-only "$so" | awk '{print $NF}')
[ -n "$names" ] || fail "nm -D finds no symbol in $so"
others=$(echo "$names" | grep -v -e '^ad_')
[ -z "$others" ] || fail "the shared object exports names that are not ad_: $others"
echo "libalphadeck.so exports $(echo "$names" | wc -l) names, each ad_"

if [ "$problems" -eq 0 ]; then
    echo "[  PASSED  ] 1 test(s)."
else
    echo "[  FAILED  ] 1 test(s), listed above."
    exit 1
fi
