#!/usr/bin/env bash
# install.sh - install the Debian packages of postald's mail test stack: Dovecot (IMAP, LMTP)
# and Postfix (SMTP), the mail readers the tests read postald's letters with (mutt, Python's
# email package), and poppler-utils (pdftotext, pdfinfo), which reads back the cards postald
# posts. Idempotent and quiet; works on a fresh Debian 12 machine as root.
# The packages' own system-wide daemons are neither configured nor started: up.sh runs private
# instances under $MAILSTACK_DIR.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

pkgs=(dovecot-imapd dovecot-lmtpd postfix openssl ca-certificates mutt python3 poppler-utils systemd)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  echo "mailstack install: packages present"
  exit 0
fi
[[ $(id -u) == 0 ]] || { echo "mailstack install: must run as root to install ${missing[*]}" >&2; exit 1; }

# No system-wide Postfix configuration: /etc/postfix/main.cf is never written.
echo 'postfix postfix/main_mailer_type select No configuration' | debconf-set-selections
echo 'postfix postfix/mailname string localhost' | debconf-set-selections

# Keep the packages' maintainer scripts from starting system daemons. Only add a policy-rc.d when
# the image has none, and remove it again afterwards.
added_policy=0
if [[ ! -e /usr/sbin/policy-rc.d ]]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
  chmod 755 /usr/sbin/policy-rc.d
  added_policy=1
fi
log=$(mktemp /tmp/mailstack-install.XXXXXX)
cleanup() {
  if [[ $added_policy == 1 ]]; then rm -f /usr/sbin/policy-rc.d; fi
  rm -f "$log"
}
trap cleanup EXIT

t0=$(date +%s%3N)
run() { # run quietly; show the output only when the command fails
  if ! "$@" >"$log" 2>&1; then
    echo "mailstack install: '$*' failed:" >&2
    tail -40 "$log" >&2
    exit 1
  fi
}
# apt-get update when the package lists are missing or older than 6 hours (fresh machines have none)
if [[ -z "$(find /var/lib/apt/lists -maxdepth 1 -name '*_Packages*' -mmin -360 2>/dev/null | head -1)" ]]; then
  run apt-get update -q
fi
run apt-get install -y -q --no-install-recommends "${missing[@]}"
echo "mailstack install: installed ${missing[*]} in $(( $(date +%s%3N) - t0 )) ms"
