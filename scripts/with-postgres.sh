#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server.
#
#   scripts/with-postgres.sh <command> [args...]
#   scripts/with-postgres.sh sh -c 'psql "$DATABASE_URL" -c "select version()"'
#   scripts/with-postgres.sh --check      # only report which PostgreSQL server would be used
#
# Starts a fresh cluster in a `mktemp -d` directory, listening only on 127.0.0.1 (first free port
# from PGTEST_PORT, default 55432; trust auth, fsync off), creates a database, exports
# DATABASE_URL=postgres://USER@127.0.0.1:PORT/DB, runs the command, then stops the server and
# removes the directory, also when the command fails or the script is interrupted. Exits with the
# command's exit code (or non-zero if the server could not be set up).
#
# PostgreSQL refuses to run as root, so as root the server runs as the system user `postgres`
# (created by the Debian package) or, failing that, a `pgtest` system user created on first use.
# The command itself runs as the invoking user.
#
# Environment (all optional):
#   PGTEST_BIN   directory holding initdb, pg_ctl and postgres (default: found on PATH or in
#                /usr/lib/postgresql/*/bin, newest version first)
#   PGTEST_PORT  first port to try (default 55432)
#   PGTEST_USER  database superuser in DATABASE_URL (default postgres)
#   PGTEST_DB    database to create (default test)
#   PGTEST_OS_USER  system user to run the server as when invoked as root (default postgres if
#                it exists, else pgtest; created with useradd --system if missing)
set -uo pipefail

PGTEST_PORT=${PGTEST_PORT:-55432}
PGTEST_USER=${PGTEST_USER:-postgres}
PGTEST_DB=${PGTEST_DB:-test}

log() { printf 'with-postgres: %s\n' "$*" >&2; }
die() {
  log "ERROR: $*"
  exit 1
}

# Sets PG_BIN to a directory holding initdb, pg_ctl and postgres, or returns 1.
find_pg_bin() {
  local candidate dir
  local -a candidates=()
  if [[ -n ${PGTEST_BIN:-} ]]; then
    candidates+=("$PGTEST_BIN")
  else
    # On PATH (possibly as symlinks, e.g. /usr/local/bin/initdb): use the directory the real
    # binary lives in, where pg_ctl and initdb look for `postgres` anyway.
    if candidate=$(command -v initdb) && candidate=$(readlink -f "$candidate"); then
      candidates+=("${candidate%/*}")
    fi
    # Debian/Ubuntu packages keep the server binaries off PATH.
    while IFS= read -r dir; do
      candidates+=("${dir%/}")
    done < <(printf '%s\n' /usr/lib/postgresql/*/bin/ | grep -v '\*' | sort -t/ -k5,5 -V -r)
  fi
  for dir in "${candidates[@]}"; do
    if [[ -x $dir/initdb && -x $dir/pg_ctl && -x $dir/postgres ]]; then
      PG_BIN=$dir
      return 0
    fi
  done
  return 1
}

if ! find_pg_bin; then
  die "no PostgreSQL server found (looked for initdb, pg_ctl and postgres on PATH and in" \
    "/usr/lib/postgresql/*/bin). Install one, e.g. 'apt-get install -y postgresql' on Debian," \
    "or point PGTEST_BIN at its bin directory."
fi
PG_VERSION=$("$PG_BIN/postgres" --version 2>/dev/null) || die "$PG_BIN/postgres does not run"

if [[ ${1:-} == --check ]]; then
  printf '%s (%s)\n' "$PG_VERSION" "$PG_BIN"
  exit 0
fi
[[ $# -gt 0 ]] || die "usage: $0 <command> [args...]   (or: $0 --check)"

# --- who runs the server ------------------------------------------------------------------------
PG_OS_USER=
if [[ $EUID -eq 0 ]]; then
  if [[ -n ${PGTEST_OS_USER:-} ]]; then
    PG_OS_USER=$PGTEST_OS_USER
  elif id -u postgres >/dev/null 2>&1; then
    PG_OS_USER=postgres
  else
    PG_OS_USER=pgtest
  fi
  if ! id -u "$PG_OS_USER" >/dev/null 2>&1; then
    log "creating system user '$PG_OS_USER' to run PostgreSQL (it refuses to run as root)"
    useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin \
      "$PG_OS_USER" || die "cannot create system user '$PG_OS_USER'"
  fi
fi

# Runs a PostgreSQL binary as the server's user, from inside the throwaway directory (the caller's
# working directory may not be readable by that user).
as_pg() {
  if [[ -z $PG_OS_USER ]]; then
    (cd "$PGTEST_DIR" && "$@")
  elif command -v runuser >/dev/null 2>&1; then
    (cd "$PGTEST_DIR" && runuser -u "$PG_OS_USER" -- "$@")
  else
    # shellcheck disable=SC2016 # $0/$@ are for the inner shell
    (cd "$PGTEST_DIR" && su -s /bin/sh -c '"$0" "$@"' -- "$PG_OS_USER" "$@")
  fi
}

# --- cleanup, on every exit ---------------------------------------------------------------------
PGTEST_DIR=
SERVER_STARTED=
# shellcheck disable=SC2317 # invoked by trap
cleanup() {
  local status=$?
  trap - EXIT INT TERM HUP
  if [[ -n $SERVER_STARTED ]]; then
    if ! as_pg "$PG_BIN/pg_ctl" -D "$PGTEST_DIR/data" -m fast -w -t 30 stop >/dev/null 2>&1; then
      log "fast shutdown failed; stopping the server immediately"
      as_pg "$PG_BIN/pg_ctl" -D "$PGTEST_DIR/data" -m immediate -w -t 30 stop >/dev/null 2>&1 \
        || log "WARNING: could not stop the server (data dir $PGTEST_DIR/data)"
    fi
  fi
  if [[ -n $PGTEST_DIR && -d $PGTEST_DIR ]]; then
    rm -rf -- "$PGTEST_DIR"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

# As root the directory must be reachable by the server's user: use /tmp rather than a TMPDIR
# that might live under /root.
if [[ -n $PG_OS_USER ]]; then
  PGTEST_DIR=$(mktemp -d /tmp/pgtest.XXXXXX) || die "mktemp failed"
  chown "$PG_OS_USER:" "$PGTEST_DIR" || die "cannot chown $PGTEST_DIR to $PG_OS_USER"
else
  PGTEST_DIR=$(mktemp -d -t pgtest.XXXXXX) || die "mktemp failed"
fi

# --- create the cluster -------------------------------------------------------------------------
if ! as_pg "$PG_BIN/initdb" -D "$PGTEST_DIR/data" -U "$PGTEST_USER" --auth=trust \
  --encoding=UTF8 --no-locale --no-instructions >"$PGTEST_DIR/initdb.log" 2>&1; then
  cat "$PGTEST_DIR/initdb.log" >&2
  die "initdb failed (as ${PG_OS_USER:-$(id -un)})"
fi
cat >>"$PGTEST_DIR/data/postgresql.conf" <<EOF

# --- throwaway test server (scripts/with-postgres.sh) ---
listen_addresses = '127.0.0.1'
unix_socket_directories = '$PGTEST_DIR'
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
EOF

# --- start it on the first free port ------------------------------------------------------------
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

PORT=
for ((candidate = PGTEST_PORT; candidate < PGTEST_PORT + 100; candidate++)); do
  port_in_use "$candidate" && continue
  rm -f -- "$PGTEST_DIR/server.log"
  if as_pg "$PG_BIN/pg_ctl" -D "$PGTEST_DIR/data" -l "$PGTEST_DIR/server.log" -w -t 60 \
    -o "-p $candidate" start >/dev/null 2>&1; then
    PORT=$candidate
    SERVER_STARTED=1
    break
  fi
  # Lost a race for the port with another process: try the next one; anything else is fatal.
  if ! grep -qi 'address already in use' "$PGTEST_DIR/server.log"; then
    tail -n 20 "$PGTEST_DIR/server.log" >&2
    die "PostgreSQL failed to start (see server log above)"
  fi
done
[[ -n $PORT ]] || die "no free port in $PGTEST_PORT..$((PGTEST_PORT + 99)) on 127.0.0.1"

# --- create the database ------------------------------------------------------------------------
if [[ -x $PG_BIN/createdb ]]; then
  CREATEDB=$PG_BIN/createdb
elif ! CREATEDB=$(command -v createdb); then
  die "createdb not found (neither in $PG_BIN nor on PATH)"
fi
"$CREATEDB" -h 127.0.0.1 -p "$PORT" -U "$PGTEST_USER" "$PGTEST_DB" \
  || die "could not create database $PGTEST_DB"

export DATABASE_URL="postgres://$PGTEST_USER@127.0.0.1:$PORT/$PGTEST_DB"
log "$PG_VERSION on 127.0.0.1:$PORT, DATABASE_URL=$DATABASE_URL"

# --- run the command ----------------------------------------------------------------------------
# In the background with signals forwarded, so that an interrupt or CI timeout stops the command
# and still reaches the cleanup; stdin stays connected (e.g. for an interactive psql), and SIGINT
# and SIGQUIT get back their default action (bash ignores them in background commands).
(
  trap - INT QUIT
  exec "$@"
) <&0 &
CHILD=$!
# shellcheck disable=SC2317 # invoked by trap
forward() {
  kill "-$1" "$CHILD" 2>/dev/null
  SIGNALLED=$2
}
SIGNALLED=
trap 'forward HUP 129' HUP
trap 'forward INT 130' INT
trap 'forward TERM 143' TERM
while :; do
  wait "$CHILD"
  STATUS=$?
  # wait returns >128 when a trapped signal arrived; keep waiting while the command still runs.
  if [[ $STATUS -gt 128 ]] && kill -0 "$CHILD" 2>/dev/null; then
    continue
  fi
  break
done
if [[ $STATUS -eq 0 && -n $SIGNALLED ]]; then
  STATUS=$SIGNALLED
fi
exit "$STATUS"
