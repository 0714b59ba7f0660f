#!/usr/bin/env bash
# deploy/install.sh - build postald and install it as a systemd service (docs/admin.md, "Install").
# Run as root from anywhere inside a checkout. Idempotent: a second run replaces the binary, the
# unit and the tmpfiles entry, and keeps the user, the directories and an existing configuration.
#
#   binary          /usr/local/bin/postald                  0755 root
#   unit            /etc/systemd/system/postald.service     0644 root
#   tmpfiles entry  /etc/tmpfiles.d/postald.conf            0644 root
#   configuration   /etc/postald/postald.toml               0600 postald (only when absent)
#   directories     /etc/postald 0750 root:postald, /var/lib/postald and its backup/ 0700 postald
#
# The configuration is installed owner-only (0600, owned by postald), because postald check-config
# fails and postald serve warns on a configuration file its group or others can read.
# ROOT=DIR installs under DIR instead of / (a staging tree: no user is created, nothing is chowned
# and systemd is not told).
set -euo pipefail
cd "$(dirname "$0")/.."

ROOT=${ROOT:-}
if [[ -z $ROOT && $(id -u) != 0 ]]; then
  echo "install.sh: run as root (or set ROOT=DIR to install into a staging tree)" >&2
  exit 1
fi
if ! command -v go >/dev/null && [[ -x /usr/local/go/bin/go ]]; then
  PATH=$PATH:/usr/local/go/bin
fi
command -v go >/dev/null || { echo "install.sh: go is not installed (https://go.dev/doc/install)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Build with the VCS revision stamped in (postald version prints it) when git can tell it;
# without git, or in a checkout git refuses (another user's), build without it.
echo "install.sh: building postald"
if ! GOFLAGS=-buildvcs=true go build -trimpath -o "$tmp/postald" ./cmd/postald 2>"$tmp/build.log"; then
  GOFLAGS=-buildvcs=false go build -trimpath -o "$tmp/postald" ./cmd/postald
fi
"$tmp/postald" version

own() { # own USER:GROUP PATH...: chown, except in a staging tree
  [[ -n $ROOT ]] || chown "$@"
}

if [[ -z $ROOT ]] && ! getent passwd postald >/dev/null; then
  echo "install.sh: creating the system user postald"
  nologin=/usr/sbin/nologin
  [[ -x $nologin ]] || nologin=/bin/false
  useradd --system --user-group --home-dir /var/lib/postald --no-create-home \
    --shell "$nologin" --comment "postald correspondence draughts referee" postald
fi

install -d -m 0755 "$ROOT/usr/local/bin" "$ROOT/etc/systemd/system" "$ROOT/etc/tmpfiles.d"
install -d -m 0750 "$ROOT/etc/postald"
own root:postald "$ROOT/etc/postald"
install -d -m 0700 "$ROOT/var/lib/postald" "$ROOT/var/lib/postald/backup"
own postald:postald "$ROOT/var/lib/postald" "$ROOT/var/lib/postald/backup"

install -m 0755 "$tmp/postald" "$ROOT/usr/local/bin/postald"
install -m 0644 deploy/postald.service "$ROOT/etc/systemd/system/postald.service"
install -m 0644 deploy/postald.tmpfiles "$ROOT/etc/tmpfiles.d/postald.conf"

cfg=$ROOT/etc/postald/postald.toml
if [[ -e $cfg ]]; then
  echo "install.sh: keeping the existing $cfg"
else
  install -m 0600 config.example.toml "$cfg"
  own postald:postald "$cfg"
  echo "install.sh: installed the example configuration as $cfg: edit it before starting postald"
fi

if [[ -z $ROOT && -d /run/systemd/system ]]; then
  systemd-tmpfiles --create /etc/tmpfiles.d/postald.conf
  systemctl daemon-reload
fi
echo "install.sh: done. Next: edit $cfg, write the password files, then"
echo "  sudo -u postald postald check-config -config /etc/postald/postald.toml"
echo "  systemctl enable --now postald"
