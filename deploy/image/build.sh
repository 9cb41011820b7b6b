#!/usr/bin/env bash
# Builds the brewstats container image without a registry:
#   1. mmdebstrap extracts Debian bookworm's packages for the libraries the static release binary loads
#      (cairo and what it pulls in, libpng, SQLite, fontconfig with the DejaVu and Droid fallback fonts, tzdata)
#      and a POSIX shell for the Job's `sh -c`; trim-rootfs.sh drops documentation and adds the user;
#   2. podman builds deploy/image/Containerfile over that tarball and a stripped copy of the binary, tagged
#      brewstats:<version> (the version the binary reports);
#   3. the image is checked: it starts with a read-only root file system as the unprivileged user, every
#      library the binary needs is inside (the loader resolves them all at start), and its health check passes.
#
# Usage: deploy/image/build.sh --check-tools          only check that podman and mmdebstrap are there
#        deploy/image/build.sh BINARY [STAGING-DIR]   build and check the image (needs root for podman)
# Environment: PODMAN_RUNTIME, PODMAN_ULIMITS (see podman-run.sh), DEBIAN_MIRROR (default: the mirror apt uses, else deb.debian.org),
#              IMAGE_NAME (default brewstats).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=podman-run.sh
. "$here/podman-run.sh"
runtime="$podman_runtime"
name="${IMAGE_NAME:-brewstats}"
# The runtime libraries, as Debian packages (their own dependencies come along); see `ldd brewstats`.
packages="libcairo2,libpng16-16,libsqlite3-0,libstdc++6,libgcc-s1,zlib1g,fonts-dejavu-core,fonts-droid-fallback,tzdata,dash"

die() { echo "error: $*" >&2; exit 1; }

check_tools() {
  command -v podman >/dev/null 2>&1 \
    || die "podman not found on PATH: the image is built and run with podman (Debian: apt-get install podman runc)"
  command -v mmdebstrap >/dev/null 2>&1 \
    || die "mmdebstrap not found on PATH: it builds the image's Debian root file system (apt-get install mmdebstrap)"
  command -v "$runtime" >/dev/null 2>&1 \
    || die "container runtime '$runtime' not found on PATH (apt-get install $runtime, or set PODMAN_RUNTIME)"
}

if [ "${1:-}" = "--check-tools" ]; then check_tools; exit 0; fi
[ $# -ge 1 ] || die "usage: $0 BINARY [STAGING-DIR]"
check_tools
binary="$1"
staging="${2:-.build/image}"
[ -x "$binary" ] || die "no executable brewstats at $binary (build it with: make release)"

if ldd "$binary" 2>/dev/null | grep -q 'libswiftCore\.so'; then
  die "$binary loads the Swift runtime from shared libraries; the image needs the static build (make release)"
fi
version="$("$binary" --version)"
[ -n "$version" ] || die "$binary --version printed nothing"
tag="$name:$version"

mirror="${DEBIAN_MIRROR:-}"
if [ -z "$mirror" ]; then
  mirror="$(sed -n 's/^URIs: *\(http[^ ]*\/debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n1)"
fi
mirror="${mirror:-http://deb.debian.org/debian}"

rm -rf "$staging"
mkdir -p "$staging"
start=$(date +%s)
echo "image: root file system (bookworm, $packages) from $mirror"
mmdebstrap --quiet --variant=extract --include="$packages" \
  --extract-hook="$here/trim-rootfs.sh" \
  bookworm "$staging/rootfs.tar" "$mirror"

# The binary without its debug information (66 MB instead of 102 MB); the build folder keeps the full one.
install -m 0755 "$binary" "$staging/brewstats"
strip "$staging/brewstats"
cp "$here/Containerfile" "$staging/Containerfile"

echo "image: podman build $tag"
podman build --quiet --format docker --label "org.opencontainers.image.version=$version" \
  --label "org.opencontainers.image.title=brewstats" -t "$tag" -f "$staging/Containerfile" "$staging" >/dev/null

# Checks: starts read-only as the unprivileged user, with all its libraries, and is healthy.
out="$(podman_run --rm --read-only --no-healthcheck "$tag" --version)" \
  || die "the image $tag does not start (a missing library?): podman run --rm --read-only $tag --version"
[ "$out" = "$version" ] || die "the image's brewstats says '$out', expected '$version'"
user="$(podman image inspect --format '{{.Config.User}}' "$tag")"
[ "$user" = "10001:10001" ] || die "the image runs as '$user', expected the unprivileged 10001:10001"
probe="brewstats-image-probe-$$"
# (Without systemd podman cannot schedule the periodic check and says so; it is run here once, by hand.)
podman_run -d -i --read-only --name "$probe" --entrypoint /bin/sh "$tag" >/dev/null 2>&1
health=0; podman --runtime "$runtime" healthcheck run "$probe" >/dev/null 2>&1 || health=$?
podman --runtime "$runtime" rm -f -t 0 "$probe" >/dev/null 2>&1
[ "$health" -eq 0 ] || die "the health check (brewstats --version) of $tag failed"

size="$(podman image inspect --format '{{.Size}}' "$tag")"
echo "image: $tag built in $(( $(date +%s) - start )) s, $(( size / 1000000 )) MB ($size bytes); starts read-only as 10001, healthy"
