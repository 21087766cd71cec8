#!/usr/bin/env bash
# Builds the Debian package in a configured build directory, installs it into a scratch root and
# checks what a user would get: the files, their validity (desktop entry, AppStream metainfo),
# the declared dependencies and that the installed binary runs.
# Usage: packaging/check-deb.sh BUILD_DIR
set -euo pipefail
build=${1:?usage: packaging/check-deb.sh BUILD_DIR}
build=$(cd "$build" && pwd)
src=$(cd "$(dirname "$0")/.." && pwd)
id=org.shardscope.ShardScope

fail() { echo "check-deb: FAIL: $*" >&2; exit 1; }
ok() { echo "check-deb: ok: $*"; }

desktop-file-validate "$src/packaging/$id.desktop" || fail "desktop-file-validate"
ok "desktop entry validates"

(cd "$build" && rm -f shardscope_*.deb && cpack -G DEB >cpack.log 2>&1) || { cat "$build/cpack.log"; fail "cpack"; }
shopt -s nullglob
debs=("$build"/shardscope_*.deb)
[ ${#debs[@]} = 1 ] || fail "expected one .deb in $build, found ${#debs[@]}"
deb=${debs[0]}
ok "built $(basename "$deb") ($(stat -c %s "$deb") bytes)"

field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = shardscope ] || fail "Package is $(field Package)"
version=$(field Version)
depends=$(field Depends)
# dpkg-shlibdeps' findings plus what Qt loads at run time, invisible to it.
for dep in libc6 libqt6core6 libqt6widgets6 libqt6svg6 libre2-9 qt6-qpa-plugins qt6-translations-l10n fonts-dejavu-core; do
    grep -Eq "(^|[ ,|])$dep( |,|$)" <<<"$depends" || fail "Depends lacks $dep: $depends"
done
ok "Depends: $depends"

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg -x "$deb" "$root"
for f in usr/bin/shardscope \
         usr/share/applications/$id.desktop \
         usr/share/metainfo/$id.metainfo.xml \
         usr/share/icons/hicolor/scalable/apps/$id.svg \
         usr/share/shardscope/presets/models/deepseek-v3.json \
         usr/share/shardscope/presets/gpus/h100-sxm.json \
         usr/share/doc/shardscope/README.md \
         usr/share/doc/shardscope/copyright; do
    [ -f "$root/$f" ] || fail "missing /$f"
done
ok "files in place"
head -1 "$root/usr/share/doc/shardscope/copyright" | grep -q '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' \
    || fail "copyright is not in the machine-readable format"
grep -q '^ THE SOFTWARE IS PROVIDED "AS IS"' "$root/usr/share/doc/shardscope/copyright" || fail "copyright lacks the licence text"
grep -q '<project_license>MIT</project_license>' "$root/usr/share/metainfo/$id.metainfo.xml" || fail "metainfo lacks project_license"
# Nothing outside /usr, nothing that points back into the build tree.
if dpkg-deb -c "$deb" | awk '{print $6}' | grep -Ev '^\./(usr/?|usr/.*)?$'; then fail "files outside /usr"; fi
file "$root/usr/bin/shardscope" | grep -q 'ELF 64-bit.*executable' || fail "binary is not an ELF executable"
if readelf -d "$root/usr/bin/shardscope" | grep -Eq 'RPATH|RUNPATH'; then fail "binary carries an RPATH"; fi
grep -q '<svg' "$root/usr/share/icons/hicolor/scalable/apps/$id.svg" || fail "icon is not SVG"
models=$(ls "$src"/presets/models/*.json | wc -l)
installed=$(ls "$root"/usr/share/shardscope/presets/models/*.json | wc -l)
[ "$models" = "$installed" ] || fail "$installed of $models model presets installed"
ok "binary, icon and presets"

desktop-file-validate "$root/usr/share/applications/$id.desktop" || fail "installed desktop entry"
appstreamcli validate --no-net --strict "$root/usr/share/metainfo/$id.metainfo.xml" || fail "appstreamcli validate"
appstreamcli validate-tree --no-net --strict "$root" || fail "appstreamcli validate-tree"
grep -q "<release version=\"$version\"" "$root/usr/share/metainfo/$id.metainfo.xml" \
    || fail "metainfo has no <release> for version $version"
screenshot=usr/share/shardscope/screenshots/main.png
[ -f "$root/$screenshot" ] || fail "missing /$screenshot"
file "$root/$screenshot" | grep -q 'PNG image data, 1600 x 1000' || fail "screenshot is not a 1600 x 1000 PNG"
ok "screenshot: $(file -b "$root/$screenshot")"
ok "desktop entry and metainfo validate"

# The installed binary runs against the system's Qt and finds its compiled-in presets.
bin="$root/usr/bin/shardscope"
[ "$("$bin" --version | head -n1)" = "shardscope $version" ] || fail "--version does not print 'shardscope $version'"
# (Output captured first: grep -q closing the pipe early would fail the pipeline under pipefail.)
out=$("$bin" presets --format json) || fail "presets exits $?"
grep -q '"deepseek-v3"' <<<"$out" || fail "presets lists no deepseek-v3"
out=$("$bin" plan --model deepseek-v3 --gpu h200 --tp 8 --pp 2 --format json) || fail "plan exits $?"
grep -q '"world_size": 16' <<<"$out" || fail "plan JSON has no world_size 16"
shot="$root/check.png"
XDG_CONFIG_HOME="$root/home" XDG_DATA_HOME="$root/home" QT_QPA_PLATFORM=offscreen \
    "$bin" --model llama-3.1-70b --gpu h100-sxm --tp 4 --screenshot "$shot" 2>/dev/null || fail "window screenshot exits $?"
file "$shot" | grep -q 'PNG image data' || fail "window screenshot is not a PNG"
ok "installed binary runs ($("$bin" --version | head -n1)), CLI and window"
