#!/usr/bin/env bash
# A scripted agent's week with memctl, playing the harness (Claude Code) the way it really runs:
# the hook commands come from the project's .claude/settings.json written by
# `memctl hooks install`, and each one gets the hook's JSON on stdin. The clock is MEMCTL_NOW.
#
#   tests/agent_week.sh WORKDIR        (MEMCTL=path/to/memctl, PYTHON=path/to/python3)
#
# Monday the user files a tax form after an hour of wrong links, and the agent remembers the
# link with the words the user will use next time. Tuesday to Friday are other work (sessions,
# prompts, logs, memories, a compaction, a session end) and every night `memctl sleep` and the
# catalogue of past chats run. Saturday the user asks "get me the link we used last time": the
# UserPromptSubmit hook must put Monday's memory on the desk as a pointer. Exit 0 when it does.
set -euo pipefail

work="$(cd "${1:?give a work folder}" && pwd)"
memctl="${MEMCTL:-memctl}"
python="${PYTHON:-python3}"
ws="$work/memory"
project="$work/app"
transcripts="$work/claude/projects/-app"
mkdir -p "$project" "$transcripts"

say() { printf '\n== %s\n' "$*"; }
at() { export MEMCTL_NOW="$1"; }
fail() { printf 'agent_week: FAILED: %s\n' "$*" >&2; exit 1; }

# The command Claude Code would run for an event: memctl's entry in the project's settings.
hook_command() {
    "$python" - "$project/.claude/settings.json" "$1" <<'PY'
import json, sys
settings = json.load(open(sys.argv[1]))
print(next(h["command"] for g in settings["hooks"][sys.argv[2]] for h in g["hooks"]
           if h["command"].endswith("# memctl-hook")))
PY
}

# hook EVENT JSON: run that event's command as the harness does, in the project folder.
hook() {
    local command
    command="$(hook_command "$1")"
    (cd "$project" && printf '%s' "$2" | sh -c "$command")
}

# A Claude Code transcript: one JSON object a line (prompts, an answer, an edit, a summary).
transcript() {  # SESSION DAY "PROMPT" "ANSWER" FILE
    "$python" - "$transcripts/$1.jsonl" "$1" "$2" "$3" "$4" "$5" "$project" <<'PY'
import json, sys
path, session, day, prompt, answer, file, cwd = sys.argv[1:]
base = {"isSidechain": False, "userType": "external", "cwd": cwd, "sessionId": session,
        "version": "1.0.80", "gitBranch": "main"}
lines = [
    {**base, "type": "user", "timestamp": f"{day}T09:00:00Z",
     "message": {"role": "user", "content": prompt}},
    {**base, "type": "assistant", "timestamp": f"{day}T09:01:00Z",
     "message": {"role": "assistant", "content": [
         {"type": "tool_use", "id": "t1", "name": "Edit",
          "input": {"file_path": f"{cwd}/{file}", "old_string": "a", "new_string": "b"}}]}},
    {**base, "type": "user", "timestamp": f"{day}T09:01:01Z",
     "message": {"role": "user", "content": [
         {"type": "tool_result", "tool_use_id": "t1", "content": "ok"}]}},
    {**base, "type": "assistant", "timestamp": f"{day}T09:02:00Z",
     "message": {"role": "assistant", "content": [{"type": "text", "text": answer}]}},
]
with open(path, "w") as handle:
    handle.writelines(json.dumps(line) + "\n" for line in lines)
PY
}

event() {  # EVENT SESSION [KEY VALUE]: the hook input Claude Code sends
    local extra=""
    [ $# -ge 4 ] && extra=", \"$3\": \"$4\""
    printf '{"session_id": "%s", "transcript_path": "%s", "cwd": "%s", "hook_event_name": "%s"%s}' \
        "$2" "$transcripts/$2.jsonl" "$project" "$1" "$extra"
}

prompt() {  # SESSION "PROMPT": the UserPromptSubmit hook; prints what it puts on the desk
    hook UserPromptSubmit "$(event UserPromptSubmit "$1" prompt "$2")"
}

session_start() {  # SESSION
    local shown
    shown="$(hook SessionStart "$(event SessionStart "$1" source startup)")"
    case "$shown" in "# NOW.md"*) ;; *) fail "SessionStart did not print NOW.md: $shown" ;; esac
}

night() {  # the unattended jobs (memctl cron print): the catalogue of chats, then sleep
    at "$1T02:45"; "$memctl" -w "$ws" chats index "$work/claude/projects" >/dev/null
    at "$1T03:00"; "$memctl" -w "$ws" sleep >/dev/null
}

say "setup"
at 2026-11-23T08:00
"$memctl" init "$ws" >/dev/null
"$memctl" -w "$ws" hooks install claude-code --project "$project"

say "day 1, Monday: the form, and the link that worked"
at 2026-11-23T09:00
session_start mon
desk="$(prompt mon "help me file the quarterly estimated tax payment")"
[ -z "$desk" ] || fail "an empty memory recalled something on day 1: $desk"
at 2026-11-23T10:10
"$memctl" -w "$ws" log "Filed the estimated tax payment" \
    -m "Two look-alike pages first; the one that worked: https://tax.example.gov/online/estimated-payment/start" >/dev/null
"$memctl" --json -w "$ws" remember \
    "The quarterly estimated-tax form is filed at https://tax.example.gov/online/estimated-payment/start" \
    -s user --when "the link we used last time" -k LESSON -p high > "$work/day1-memory.json"
transcript mon 2026-11-23 "help me file the quarterly estimated tax payment" "Filed; confirmation 4471." notes/taxes.md
hook SessionEnd "$(event SessionEnd mon reason logout)"
night 2026-11-24

day=2
for d in 24 25 26 27; do
    session="s$d"
    case $d in
        24) ask="rename the billing module to invoicing"; fact="The billing module is now called invoicing"; key="what is the billing code called"; file=src/invoicing.py ;;
        25) ask="draft the release notes for version 2"; fact="Release notes live in docs/releases, one file per version"; key="where do release notes go"; file=docs/releases/v2.md ;;
        26) ask="why is the staging deploy slow"; fact="Staging deploys wait for the database migration lock"; key="slow staging deploy"; file=deploy/staging.yml ;;
        27) ask="book the team dinner for Thursday"; fact="Anna is vegetarian; the team likes the place on Elm Street"; key="team dinner"; file=notes/dinner.md ;;
    esac
    say "day $day: $ask"
    at "2026-11-${d}T09:00"
    session_start "$session"
    prompt "$session" "$ask" >/dev/null
    at "2026-11-${d}T11:00"
    "$memctl" -w "$ws" log "$ask" -m "Done; see $file" >/dev/null
    "$memctl" -w "$ws" remember "$fact" -s user --when "$key" >/dev/null
    transcript "$session" "2026-11-$d" "$ask" "Done." "$file"
    if [ "$d" = 26 ]; then
        hook PreCompact "$(event PreCompact "$session" trigger auto)"
    fi
    hook SessionEnd "$(event SessionEnd "$session" reason prompt_input_exit)"
    night "2026-11-$((d + 1))"
    day=$((day + 1))
done

say "day 6, Saturday: the same form again, asked in other words"
at 2026-11-28T09:30
session_start sat
desk="$(prompt sat "get me the link we used last time")"
printf '%s\n' "$desk"
[ -n "$desk" ] || fail "the UserPromptSubmit hook put nothing on the desk"
"$python" - "$desk" "$work/day1-memory.json" <<'PY'
import json, sys
context = json.loads(sys.argv[1])["hookSpecificOutput"]["additionalContext"]
written = json.load(open(sys.argv[2]))["written"]
pointer = f"{written['path']}:{written['line']} ^{written['id']}"
if pointer not in context:
    sys.exit(f"agent_week: FAILED: Monday's memory {pointer} is not among the pointers")
print(f"agent_week: Monday's memory came back on Saturday as {pointer}")
PY
small_talk="$(prompt sat "thanks, that is all")"
[ -z "$small_talk" ] || fail "small talk put something on the desk: $small_talk"
"$memctl" -w "$ws" stats --days 6
