#!/bin/sh
# Weekly archive for cron or a systemd timer: `memctl archive` on the workspace given as the
# first argument (or $MEMCTL_WORKSPACE). `memctl cron` prints a ready crontab line instead.
set -eu
workspace="${1:-${MEMCTL_WORKSPACE:?give the workspace folder or set MEMCTL_WORKSPACE}}"
exec "${MEMCTL:-memctl}" -w "$workspace" archive
