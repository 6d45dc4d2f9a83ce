#!/usr/bin/env bash
# `npm test`: every test, against real parts, inside a private D-Bus session with an unlocked
# gnome-keyring (so the keychain is a real Secret Service, and never the developer's own): first
# the unit and integration tests (vitest), then the Playwright suites driving the built app in the
# system Chromium through the browser host. Both collect coverage into coverage/ (COVERAGE_DIR),
# and scripts/coverage-report.ts prints the table and fails the run below its thresholds.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in dbus-run-session gnome-keyring-daemon; do
  command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install gnome-keyring dbus dbus-x11 (see README)" >&2; exit 1; }
done
# A fresh build with the renderer's source maps (only built while COVERAGE_DIR is set), through
# which the e2e suite's coverage maps back to src/renderer.
export COVERAGE_DIR="$PWD/coverage"
rm -rf "$COVERAGE_DIR"
npx electron-vite build >/dev/null

keyring_home=$(mktemp -d)
trap 'rm -rf "$keyring_home"' EXIT
XDG_DATA_HOME="$keyring_home" dbus-run-session -- sh -c \
  'echo -n test-keyring-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null &&
   npx vitest run --coverage && npx playwright test'
npx tsx scripts/coverage-report.ts "$COVERAGE_DIR"
