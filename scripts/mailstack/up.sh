#!/usr/bin/env bash
# up.sh - install (if needed) and start postald's whole mail test stack on 127.0.0.1:
# Dovecot (IMAP, IMAPS, LMTP) and Postfix (SMTP, submission, SMTPS) delivering into it.
# Stops a running instance of the same MAILSTACK_DIR first, so it can be run again at any time.
# Afterwards $MAILSTACK_DIR/env (default /tmp/postald-mailstack/env) holds the addresses,
# users and CA file; load it with: set -a; . /tmp/postald-mailstack/env; set +a
set -euo pipefail
S=$(cd "$(dirname "$0")" && pwd)
"$S/install.sh"
"$S/dovecot-up.sh"
"$S/postfix-up.sh"
