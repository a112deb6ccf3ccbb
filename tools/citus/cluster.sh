#!/usr/bin/env bash
# A local Citus cluster for tests and benchmarks: one coordinator and two workers, each its own
# PostgreSQL 15 cluster (initdb) under a cache folder, run as the `postgres` OS user on their own
# ports. It never touches the machine's main PostgreSQL (5432).
#
#   tools/citus/cluster.sh start    # init on first use, start, wait until ready
#   tools/citus/cluster.sh stop     # fast shutdown of the three nodes
#   tools/citus/cluster.sh status
#   tools/citus/cluster.sh destroy  # stop and delete the folders
#
# The coordinator is postgres://postgres@127.0.0.1:$CITUS_PORT (default 9700), the workers the next
# two ports. Databases are joined into the cluster per database by `npm run db:distribute` (Citus
# keeps its node list per database).
set -euo pipefail

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
base_port="${CITUS_PORT:-9700}"
dir="${CITUS_CLUSTER_DIR:-${XDG_CACHE_HOME:-/var/tmp}/white-label-store-citus}"
nodes=(coordinator worker1 worker2)
os_user=postgres

as_postgres() {
  if [ "$(id -un)" = "$os_user" ]; then "$@"; else runuser -u "$os_user" -- "$@"; fi
}

port_of() { echo $((base_port + $1)); }

init_node() {
  local name=$1 port=$2 data="$dir/$1"
  [ -f "$data/PG_VERSION" ] && return 0
  as_postgres "$PG_BIN/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  cat >>"$data/postgresql.conf" <<CONF
# white-label-store local Citus node ($name)
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
shared_preload_libraries = 'citus'
max_connections = 200
shared_buffers = 64MB
fsync = ${CITUS_FSYNC:-on}
max_prepared_transactions = 100
# Citus runs a maintenance daemon per database on every node (the tests keep several).
max_worker_processes = 64
citus.shard_count = ${CITUS_SHARD_COUNT:-8}
log_min_messages = warning
CONF
}

start() {
  if [ ! -f "$("$PG_BIN/pg_config" --pkglibdir)/citus.so" ]; then
    echo "citus is not installed: run tools/citus/build.sh (or install Citus's packages)" >&2
    exit 1
  fi
  mkdir -p "$dir"
  chown "$os_user" "$dir"
  local i
  for i in 0 1 2; do
    init_node "${nodes[$i]}" "$(port_of $i)"
    if ! as_postgres "$PG_BIN/pg_ctl" -D "$dir/${nodes[$i]}" status >/dev/null 2>&1; then
      as_postgres "$PG_BIN/pg_ctl" -D "$dir/${nodes[$i]}" -l "$dir/${nodes[$i]}.log" -w -t 120 start >/dev/null
    fi
  done
  for i in 0 1 2; do
    for _ in $(seq 1 60); do
      "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$(port_of $i)" && break
      sleep 1
    done
  done
  echo "citus coordinator postgres://postgres@127.0.0.1:$(port_of 0), workers on $(port_of 1) and $(port_of 2) ($dir)"
}

stop() {
  local i
  for i in 2 1 0; do
    if [ -f "$dir/${nodes[$i]}/postmaster.pid" ]; then
      as_postgres "$PG_BIN/pg_ctl" -D "$dir/${nodes[$i]}" -m fast -w -t 120 stop >/dev/null || true
    fi
  done
  echo "citus cluster stopped"
}

status() {
  local i
  for i in 0 1 2; do
    printf '%s (%s): ' "${nodes[$i]}" "$(port_of $i)"
    "$PG_BIN/pg_isready" -h 127.0.0.1 -p "$(port_of $i)" >/dev/null && echo up || echo down
  done
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  destroy)
    stop
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop|status|destroy" >&2
    exit 2
    ;;
esac
