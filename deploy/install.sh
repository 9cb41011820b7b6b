#!/usr/bin/env bash
# Installs or removes brewstats: the binary, a man page per subcommand, and bash, zsh and fish completions.
#
# Usage: deploy/install.sh install BINARY MANUAL-DIR
#        deploy/install.sh uninstall
#        deploy/install.sh check        only check that $DESTDIR$PREFIX can be written (before a long build)
# Environment: PREFIX (default /usr/local), DESTDIR (default empty: a staging root prepended to every path,
#              for packaging and tests).
#
# Where the files go (all under $DESTDIR$PREFIX):
#   bin/brewstats
#   share/man/man1/brewstats.1, brewstats-<subcommand>.1    (`man brewstats-report`)
#   share/bash-completion/completions/brewstats
#   share/zsh/site-functions/_brewstats
#   share/fish/vendor_completions.d/brewstats.fish
#
# MANUAL-DIR holds the pages swift-argument-parser's generate-manual plugin writes (`brewstats.1`,
# `brewstats.report.1`, …); they are installed under the names man(1) expects for subcommands
# (`brewstats-report.1`), with their cross-references renamed alike. The pages of the built-in `help`
# subcommand and of the hidden `compare as-before` (compare's spelling before its subcommands) are left out.
# The completion scripts come from the binary itself
# (`brewstats --generate-completion-script bash|zsh|fish`), so they always match the installed options.
set -euo pipefail

prefix="${PREFIX:-/usr/local}"
destdir="${DESTDIR:-}"
root="$destdir$prefix"

die() { echo "error: $*" >&2; exit 1; }

case "$prefix" in /*) ;; *) die "PREFIX must be an absolute path, got '$prefix'" ;; esac

bin_dir="$root/bin"
man_dir="$root/share/man/man1"
bash_dir="$root/share/bash-completion/completions"
zsh_dir="$root/share/zsh/site-functions"
fish_dir="$root/share/fish/vendor_completions.d"

# The nearest folder of PATH that exists; installing needs it writable.
nearest_existing() {
  local p="$1"
  while [ ! -e "$p" ]; do p="$(dirname "$p")"; done
  printf '%s\n' "$p"
}

check_writable() {
  local existing
  existing="$(nearest_existing "$root")"
  if [ ! -d "$existing" ]; then die "cannot install into $root: $existing is not a folder"; fi
  if [ ! -w "$existing" ] || ! touch "$existing/.brewstats-install-probe.$$" 2>/dev/null; then
    die "cannot install into $root: $existing is not writable (choose PREFIX=\$HOME/.local, or run as root)"
  fi
  rm -f "$existing/.brewstats-install-probe.$$"
}

# man_name FILE: brewstats.report.1 -> brewstats-report.1
man_name() { local base="${1%.1}"; printf '%s.1\n' "${base//./-}"; }

do_install() {
  local binary="$1" manual="$2"
  [ -x "$binary" ] || die "no executable brewstats at $binary (build it with: make release)"
  [ -f "$manual/brewstats.1" ] || die "no man pages in $manual (generate them with: make man)"
  check_writable
  mkdir -p "$bin_dir" "$man_dir" "$bash_dir" "$zsh_dir" "$fish_dir" \
    || die "cannot create the folders under $root"

  install -m 0755 "$binary" "$bin_dir/brewstats"

  local page name count=0
  for page in "$manual"/brewstats*.1; do
    case "$(basename "$page")" in *.help.1 | *.as-before.1) continue ;; esac
    name="$(man_name "$(basename "$page")")"
    # `.Xr brewstats.batch 1` -> `.Xr brewstats-batch 1`, `.Dt BREWSTATS.BATCH 1` -> `.Dt BREWSTATS-BATCH 1`;
    # the SEE ALSO entry of the help page goes with the page.
    # Blank lines in the help text become paragraph breaks (mdoc warns on empty lines).
    sed -E -e '/^\.Xr brewstats\.help 1/d' -e '/^\.Xr brewstats\.compare\.as-before 1/d' -e 's/^$/.Pp/' \
           -e ':a' -e 's/^(\.Xr brewstats(-[A-Za-z0-9]+)*)\.([A-Za-z0-9])/\1-\3/' -e 'ta' \
           -e ':b' -e 's/^(\.Dt BREWSTATS(-[A-Z0-9]+)*)\.([A-Z0-9])/\1-\3/' -e 'tb' \
           "$page" > "$man_dir/$name.tmp"
    chmod 0644 "$man_dir/$name.tmp"
    mv -f "$man_dir/$name.tmp" "$man_dir/$name"
    count=$((count + 1))
  done

  local shell target
  for shell in bash zsh fish; do
    case "$shell" in
      bash) target="$bash_dir/brewstats" ;;
      zsh)  target="$zsh_dir/_brewstats" ;;
      fish) target="$fish_dir/brewstats.fish" ;;
    esac
    "$bin_dir/brewstats" --generate-completion-script "$shell" > "$target.tmp" \
      || die "the installed brewstats could not write its $shell completion script"
    chmod 0644 "$target.tmp"
    mv -f "$target.tmp" "$target"
  done
  echo "installed brewstats $("$bin_dir/brewstats" --version) into $root: bin/brewstats, $count man pages, bash, zsh and fish completions"
}

do_uninstall() {
  if [ -e "$bin_dir/brewstats" ] && [ ! -w "$bin_dir" ]; then
    die "cannot uninstall from $root: $bin_dir is not writable (run as root, or use the PREFIX you installed with)"
  fi
  rm -f "$bin_dir/brewstats" "$man_dir/brewstats.1" "$man_dir"/brewstats-*.1 \
        "$bash_dir/brewstats" "$zsh_dir/_brewstats" "$fish_dir/brewstats.fish"
  echo "removed brewstats from $root"
}

case "${1:-}" in
  install)   [ $# -eq 3 ] || die "usage: $0 install BINARY MANUAL-DIR"; do_install "$2" "$3" ;;
  uninstall) do_uninstall ;;
  check)     check_writable ;;
  *)         die "usage: $0 install BINARY MANUAL-DIR | $0 uninstall | $0 check" ;;
esac
