#!/usr/bin/env bash
# Makes the console's screenshots (docs/console/*.png, shown by docs/console.md): runs the console's browser scenarios
# (headless Chromium: apt-get install chromium chromium-driver) on one Payara Micro start, with
# -Dpayments.it.screenshots=true, the switch that lets Browser.screenshot write; `mvn verify` leaves it off, so that no
# test run writes into a tracked file. Review the pictures with `git diff --stat docs/console` and commit them.
#
#   tools/screenshots.sh                      # on the embedded H2, as `mvn verify` without PAYMENTS_DB_URL
#   PAYMENTS_DB_URL=... tools/screenshots.sh  # on PostgreSQL (a schema of its own), as .ci/run
set -euo pipefail
cd "$(dirname "$0")/.."

SCENARIOS=Console,ConsoleChargebacks,ConsoleOperations,ConsoleOverview,ConsoleTransactions,ConsoleProjects,ConsoleLayout

mvn -B -ntp verify -Dtest=NoSuchTest -Dsurefire.failIfNoSpecifiedTests=false -Dit.scenarios="$SCENARIOS" \
  -Dpayments.it.browser-required=true -Dpayments.it.screenshots=true "$@"
git status --short docs/console
