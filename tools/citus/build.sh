#!/usr/bin/env bash
# Builds and installs the Citus extension for the local PostgreSQL 15 from the source tarball kept
# beside the project (../shared/citus), because Citus is not among this machine's Debian packages.
# A no-op when citus is already installed, so CI can call it on every run. Real deployments install
# Citus from Citus's own packages or images instead (see README "Citus").
set -euo pipefail

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
# The source sits beside the project (../shared/citus); a clone elsewhere finds it under /work.
src_dir="${CITUS_SRC_DIR:-}"
if [ -z "$src_dir" ]; then
  for candidate in "$root/../shared/citus" /work/shared/citus; do
    if [ -f "$candidate/citus-13.2.2.tar.gz" ]; then src_dir="$candidate"; break; fi
  done
fi
version="13.2.2"

pkglibdir="$("$PG_BIN/pg_config" --pkglibdir 2>/dev/null || true)"
sharedir="$("$PG_BIN/pg_config" --sharedir 2>/dev/null || true)"
if [ -n "$pkglibdir" ] && [ -f "$pkglibdir/citus.so" ] && [ -f "$sharedir/extension/citus.control" ]; then
  echo "citus: already installed in $pkglibdir"
  exit 0
fi

if [ "$(id -u)" != 0 ]; then
  echo "citus: not installed, and building it needs root (apt-get, make install)" >&2
  exit 1
fi

tarball="$src_dir/citus-$version.tar.gz"
if [ -z "$src_dir" ] || [ ! -f "$tarball" ]; then
  echo "citus: citus-$version.tar.gz not found beside the project nor in /work/shared/citus (set CITUS_SRC_DIR)" >&2
  exit 3
fi

echo "citus: installing build dependencies"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -q postgresql-server-dev-15 libcurl4-openssl-dev liblz4-dev libzstd-dev \
  libkrb5-dev libssl-dev libselinux1-dev libxslt1-dev libpam0g-dev libreadline-dev zlib1g-dev \
  flex bison make gcc >/dev/null

build_dir="$(mktemp -d "${TMPDIR:-/tmp}/citus-build.XXXXXX")"
trap 'rm -rf "$build_dir"' EXIT
tar xzf "$tarball" -C "$build_dir"
cd "$build_dir/citus-$version"
# PostgreSQL 15.20 exports have_createdb_privilege(), which Citus 13.2.2 also defines.
if [ -f "$src_dir/pg15-have-createdb-privilege.patch" ]; then
  patch -p1 <"$src_dir/pg15-have-createdb-privilege.patch"
fi
echo "citus: building (a few minutes)"
PG_CONFIG="$PG_BIN/pg_config" ./configure --without-libcurl >/dev/null
make -j"${CITUS_BUILD_JOBS:-2}" >/dev/null
make install >/dev/null
echo "citus: installed"
