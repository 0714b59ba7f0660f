# lib.sh - shared by the mail stack scripts (sourced, not run).
# shellcheck shell=bash

# The state directory: configuration, certificate, users, Maildirs, logs, sockets, pids, env file.
D=${MAILSTACK_DIR:-/tmp/postald-mailstack}

# alive PID: the process exists and is not a zombie. Without a real init, exited daemons can stay
# zombies for a while, so "kill -0" is not enough. Reads /proc so that procps is not needed.
# Reads with bash's own read: no process is started, so it stays fast on a loaded machine.
alive() {
  local line
  read -r line 2>/dev/null < "/proc/$1/stat" || return 1
  line=${line##*) }
  line=${line%% *}
  [[ -n $line && $line != Z && $line != X ]]
}

# update_env KEY=VALUE...: replace those keys in $D/env (tests load it with: set -a; . env; set +a).
update_env() {
  local kv
  touch "$D/env"
  for kv in "$@"; do
    sed -i "/^${kv%%=*}=/d" "$D/env"
    printf '%s\n' "$kv" >> "$D/env"
  done
}

# drop_env REGEX: delete the env lines whose key matches.
drop_env() {
  if [[ -f $D/env ]]; then sed -i "/^\($1\)=/d" "$D/env"; fi
}

# wait_banner NAME HOST PORT REGEX [tls]: wait up to ~10 s for a greeting line matching REGEX.
wait_banner() {
  local i line
  for ((i = 0; i < 200; i++)); do
    if [[ ${5:-} == tls ]]; then
      # -quiet implies -ign_eof, so LOGOUT makes the server close the connection
      line=$(printf 'a LOGOUT\r\n' | timeout 2 openssl s_client -quiet -connect "$2:$3" 2>/dev/null | head -1 || true)
    else
      line=$(timeout 2 bash -c "exec 3<>/dev/tcp/$2/$3 && head -1 <&3" 2>/dev/null || true)
    fi
    [[ $line =~ $4 ]] && return 0
    sleep 0.05
  done
  echo "$1: $2:$3 not ready" >&2
  return 1
}

# children PID: the pids of PID's child processes (from /proc; procps is not needed).
children() {
  local f line ppid
  for f in /proc/[0-9]*/stat; do
    read -r line 2>/dev/null < "$f" || continue
    read -r _ ppid _ <<<"${line##*) }"
    [[ $ppid == "$1" ]] && { f=${f#/proc/}; echo "${f%/stat}"; }
  done
  return 0
}

# stop_pid NAME PID [COMMAND...]: stop a daemon (COMMAND, or SIGTERM) and wait up to 5 s, then KILL.
stop_pid() {
  local name=$1 pid=$2 i
  shift 2
  alive "$pid" || return 0
  if (($# > 0)); then "$@" >/dev/null 2>&1 || kill -TERM "$pid" 2>/dev/null || true
  else kill -TERM "$pid" 2>/dev/null || true; fi
  for ((i = 0; i < 100; i++)); do alive "$pid" || return 0; sleep 0.05; done
  echo "$name: pid $pid still alive after 5 s, sending KILL" >&2
  kill -KILL "$pid" 2>/dev/null || true
}
