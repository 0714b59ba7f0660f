#!/usr/bin/env bash
# down.sh - stop the mail test stack of MAILSTACK_DIR and remove its env file, so that tests
# see that no stack runs. MAILSTACK_CLEAN=1 also deletes the whole state directory (mail included).
set -uo pipefail
S=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=lib.sh
. "$S/lib.sh"
"$S/postfix-down.sh"
"$S/dovecot-down.sh"
rm -f "$D/env"
if [[ ${MAILSTACK_CLEAN:-0} == 1 ]]; then rm -rf "$D"; fi
exit 0
