#!/bin/sh
# tests/install/nm-only-ad.sh [BUILD_DIR]: that every global the library's
# archive defines (`nm -g --defined-only BUILD/libalphadeck.a`) is named
# ad_, hidden or not: a program that links the archive meets them all.
# Prints each name that is not, and ends with cmocka's "[  PASSED  ] 1
# test(s)." or "[  FAILED  ] 1 test(s)." line, which tests/run counts.
# tests/run calls it beside tests/install/pkgconfig.sh.
set -u
b=${1:-build}
lib=$b/libalphadeck.a
if [ ! -f "$lib" ]; then
    echo "nm-only-ad.sh: no $lib (run make first)" >&2
    echo "[  FAILED  ] 1 test(s)."
    exit 1
fi
others=$(nm -g --defined-only "$lib" | awk 'NF == 3 {print $3}' | grep -v '^ad_' | sort -u)
if [ -z "$others" ]; then
    echo "every global of $lib is named ad_"
    echo "[  PASSED  ] 1 test(s)."
    exit 0
fi
echo "globals of $lib not named ad_ ($(echo "$others" | wc -l)):"
echo "$others" | sed 's/^/  /'
echo "[  FAILED  ] 1 test(s)."
exit 1
