#!/usr/bin/env bash
# postfix-down.sh - stop the private Postfix started by postfix-up.sh for the same MAILSTACK_DIR.
set -uo pipefail
S=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=lib.sh
. "$S/lib.sh"
P=$D/postfix
pidfile=$P/spool/pid/master.pid
if [[ -s $pidfile ]] && alive "$(awk '{print $1}' "$pidfile")"; then
  pid=$(awk '{print $1}' "$pidfile")
  stop_pid postfix-down "$pid" postfix -c "$P/conf" stop
  echo "postfix-down: stopped pid $pid"
else
  echo "postfix-down: not running"
fi
drop_env 'SMTP_ADDR\|SUBMISSION_ADDR\|SMTPS_ADDR\|POSTFIX_[A-Z]*\|AUTHSERV_ID\|FAR_ADDR\|FAR_DOMAIN'
exit 0
