#!/usr/bin/env bash
# Builds the Debian package of brewstats, and the tarball of the same files:
#   brewstats_VERSION_ARCH.deb     installable with `apt install ./brewstats_VERSION_ARCH.deb`, removed by
#                                  `apt remove brewstats` (or `dpkg -r brewstats`) without a file left behind
#   brewstats-VERSION-linux-ARCH.tar.gz   the same tree (usr/bin, usr/share/man, the completions) to unpack under /
#
# Usage: deploy/deb/build.sh deb|dist BINARY MANUAL-DIR OUT-DIR
# The files are the ones `make install PREFIX=/usr` installs (deploy/install.sh into a staging root), the man pages
# compressed as Debian keeps them. BINARY is the static release binary (`make release`): the Swift runtime is
# inside, so the package depends only on the C libraries it loads (cairo, libpng, SQLite) and the fonts and time
# zones the charts and reports use.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
die() { echo "error: $*" >&2; exit 1; }

[ $# -eq 4 ] || die "usage: $0 deb|dist BINARY MANUAL-DIR OUT-DIR"
kind="$1" binary="$2" manual="$3" out="$4"
case "$kind" in deb | dist) ;; *) die "usage: $0 deb|dist BINARY MANUAL-DIR OUT-DIR" ;; esac
[ -x "$binary" ] || die "no executable brewstats at $binary (build it with: make release)"

version="$("$binary" --version | tr -d '[:space:]')"
[ -n "$version" ] || die "$binary --version printed nothing"
arch="$(dpkg --print-architecture 2>/dev/null || uname -m)"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

staging="$(mktemp -d "${TMPDIR:-/tmp}/brewstats-package.XXXXXX")"
trap 'rm -rf "$staging"' EXIT
root="$staging/root"
DESTDIR="$root" PREFIX=/usr "$here/../install.sh" install "$binary" "$manual" >/dev/null
gzip -9n "$root"/usr/share/man/man1/*.1
mkdir -p "$root/usr/share/doc/brewstats"
printf 'brewstats %s: statistics and reports for coffee journals (see brewstats --help, man brewstats).\n' \
  "$version" > "$root/usr/share/doc/brewstats/README"

if [ "$kind" = dist ]; then
  tarball="$out/brewstats-$version-linux-$arch.tar.gz"
  tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@"${SOURCE_DATE_EPOCH:-0}" -C "$root" -czf "$tarball" usr
  echo "wrote $tarball"
  exit 0
fi

command -v dpkg-deb >/dev/null || die "dpkg-deb not found on PATH (Debian: apt-get install dpkg)"
mkdir -p "$root/DEBIAN"
size="$(du -sk --exclude=DEBIAN "$root" | cut -f1)"
# libpng16-16t64 is trixie's name of bookworm's libpng16-16 (the 64-bit time_t transition).
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" "$here/control.in" > "$root/DEBIAN/control"
deb="$out/brewstats_${version}_$arch.deb"
dpkg-deb --root-owner-group -Zgzip --build "$root" "$deb" >/dev/null
echo "wrote $deb"
