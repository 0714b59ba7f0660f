#!/usr/bin/env bash
# dovecot-down.sh - stop the Dovecot started by dovecot-up.sh for the same MAILSTACK_DIR.
# Mail and configuration stay; a later dovecot-up.sh finds the mailboxes as they were.
set -uo pipefail
S=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=lib.sh
. "$S/lib.sh"
pidfile=$D/run/master.pid
if [[ -s $pidfile ]]; then
  pid=$(cat "$pidfile")
  # Dovecot 2.3's master exits (~1 s) without ending the imap processes of logged-in clients:
  # those would go on serving the old connections. End them too, so that a stop is a stop.
  kids=$(children "$pid")
  stop_pid dovecot-down "$pid"
  for k in $kids; do stop_pid dovecot-down "$k"; done
  rm -f "$pidfile"
  drop_env DOVECOT_PID
  echo "dovecot-down: stopped pid $pid"
else
  echo "dovecot-down: not running"
fi
exit 0
