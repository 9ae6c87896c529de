"""memctl in other programs: Claude Code hooks, OpenClaw, cron and systemd, sync between
machines, the pre-compaction flush, and the warm server's file watching and MCP wiring.

Empty of imports on purpose: importing one module here loads only that module."""
