#!/bin/sh
# mmdebstrap extract hook for the brewstats image: trims the extracted Debian packages down to what the
# static release binary loads at run time, adds the unprivileged user the container runs as, and builds the
# fontconfig cache ahead of time (the container's root file system is read-only, so it could not be written
# when the first chart is drawn).
#
# Called by mmdebstrap with the root folder as $1.
set -eu
root="$1"

# Documentation, translations, gconv modules, perl and debconf data: nothing at run time reads them (apt's own
# files are left to mmdebstrap, which removes its lists and cache when it packs the tarball).
rm -rf "$root"/usr/share/doc "$root"/usr/share/man "$root"/usr/share/info "$root"/usr/share/locale \
       "$root"/usr/share/lintian "$root"/usr/share/bug "$root"/usr/share/common-licenses \
       "$root"/usr/lib/x86_64-linux-gnu/gconv "$root"/usr/lib/aarch64-linux-gnu/gconv \
       "$root"/usr/share/perl5 "$root"/usr/share/debconf "$root"/usr/share/zoneinfo/right \
       "$root"/usr/share/zoneinfo/posix

# The user the container runs as (uid/gid 10001, no login shell, home in the writable /tmp).
mkdir -p "$root"/etc
printf 'root:x:0:0:root:/root:/usr/sbin/nologin\nbrewstats:x:10001:10001:brewstats:/tmp:/usr/sbin/nologin\n' > "$root"/etc/passwd
printf 'root:x:0:\nbrewstats:x:10001:\n' > "$root"/etc/group
mkdir -p "$root"/tmp "$root"/data
chmod 1777 "$root"/tmp
chown 10001:10001 "$root"/data

# UTC unless TZ says otherwise.
ln -sf /usr/share/zoneinfo/Etc/UTC "$root"/etc/localtime
echo Etc/UTC > "$root"/etc/timezone

# Font cache for the fonts in the image, written now (fontconfig looks in /var/cache/fontconfig first).
if command -v fc-cache >/dev/null 2>&1; then
  fc-cache --sysroot="$root" -s -f >/dev/null
fi
