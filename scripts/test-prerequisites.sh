#!/usr/bin/env bash
# What `npm test` needs besides Node and package-lock.json: programs the tests
# start themselves, on loopback, from Debian's packages.
#   redis-server  the rate limits, webhook and batch queues against a real Redis
#   chromium      the batch report and the server's /docs page, opened headless
#   faketime      the suite run on another day (.ci/run)
# npm runs this before the tests (pretest), and .ci/run before npm ci. When all
# are on PATH it says so and stops. When one is missing and this runs as root
# on a machine with apt-get (a fresh CI machine, a container), it installs the
# missing ones; otherwise it stops at once with the command to run, rather
# than let the tests fail minutes later with `spawn redis-server ENOENT`.
set -euo pipefail

programs=(redis-server chromium faketime)
# The Debian package of each program, in the same order.
packages=(redis-server chromium faketime)

missing_packages() {
  local i
  for i in "${!programs[@]}"; do
    command -v "${programs[$i]}" >/dev/null 2>&1 || printf '%s\n' "${packages[$i]}"
  done
}

mapfile -t missing < <(missing_packages)
if [ "${#missing[@]}" -eq 0 ]; then
  echo "test prerequisites: ${programs[*]} found"
  exit 0
fi

if [ "$(id -u 2>/dev/null || true)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "test prerequisites: installing ${missing[*]} (apt-get install -y ${missing[*]})"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
  mapfile -t still < <(missing_packages)
  if [ "${#still[@]}" -ne 0 ]; then
    echo "test prerequisites: apt-get installed ${missing[*]}, but ${still[*]} is still not on PATH ($PATH)" >&2
    exit 1
  fi
  echo "test prerequisites: ${programs[*]} found"
  exit 0
fi

{
  echo "npm test needs programs that are not on PATH: ${missing[*]} (the tests start them on loopback)."
  if command -v apt-get >/dev/null 2>&1; then
    echo "Install them, then run the tests again:"
    echo
    echo "  sudo apt-get install -y ${missing[*]}"
  else
    echo "On Debian or Ubuntu: sudo apt-get install -y ${missing[*]}"
    echo "Elsewhere, install the programs ${missing[*]} from your system's packages; they must be on PATH."
  fi
} >&2
exit 1
