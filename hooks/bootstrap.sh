#!/usr/bin/env bash
# Plugin-form launcher: runs one Mnemon hook with the plugin's own Python environment.
#
#   bootstrap.sh <event script>      e.g. user_prompt_submit (hooks/hooks.json calls this)
#   bootstrap.sh --build             build the environment now, in the foreground
#   bootstrap.sh --cli ARGS...       run the mnemon CLI from the plugin's environment
#   bootstrap.sh --mcp               run the MCP server (the plugin's .mcp.json calls this)
#   bootstrap.sh --data DIR ...      use DIR as ${CLAUDE_PLUGIN_DATA} (slash commands get the
#                                    path substituted into their text, not in their environment)
#
# Claude Code installs nothing for Python plugins, so the environment lives in
# ${CLAUDE_PLUGIN_DATA}/venv (which survives plugin updates; ${CLAUDE_PLUGIN_ROOT} does not).
# It is rebuilt when its stamp (the plugin root path and the sha256 of the bundled
# pyproject.toml) no longer matches. Each build goes to its own venv-<stamp hash> directory and
# "venv" is a symlink switched only when the build succeeded, so a hook never sees half a venv.
#
# A hook must never block or break the prompt: when the environment is not ready this script
# starts the build in the background (detached, logged to ${CLAUDE_PLUGIN_DATA}/bootstrap.log,
# one build at a time) and exits 0 without output. Meanwhile the capture events (Stop,
# PreCompact, PostCompact, SessionEnd) are appended to the capture spool by hooks/spool_capture.py
# with any Python >= 3.10 (standard library only), and the build ends by starting the daemon,
# which drains the spool: the turns of the first session are not lost.
set -u

if [ "${1:-}" = "--data" ]; then
    [ -z "${2:-}" ] || CLAUDE_PLUGIN_DATA="$2"
    shift $(($# < 2 ? $# : 2))
fi
ROOT="${CLAUDE_PLUGIN_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)}"
DATA="${CLAUDE_PLUGIN_DATA:-${XDG_DATA_HOME:-$HOME/.local/share}/mnemon-plugin}"
LINK="$DATA/venv"
LOCK="$DATA/build.lock"
LOG="$DATA/bootstrap.log"

stamp() {
    local sum
    sum="$(sha256sum "$ROOT/pyproject.toml" 2>/dev/null || shasum -a 256 "$ROOT/pyproject.toml" 2>/dev/null)"
    printf '%s\n%s\n' "$ROOT" "${sum%% *}"
}

ready() {
    [ -x "$LINK/bin/python" ] && [ "$(cat "$LINK/.mnemon-stamp" 2>/dev/null)" = "$(stamp)" ]
}

find_python() {
    local cand
    for cand in "${MNEMON_PYTHON:-}" python3 python3.13 python3.12 python3.11 python3.10; do
        [ -n "$cand" ] && command -v "$cand" >/dev/null 2>&1 || continue
        if "$cand" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' >/dev/null 2>&1; then
            command -v "$cand"
            return 0
        fi
    done
    return 1
}

take_lock() {
    mkdir -p "$DATA"
    if mkdir "$LOCK" 2>/dev/null; then
        return 0
    fi
    # A build that died leaves its lock behind: take it over after 15 minutes.
    if [ -n "$(find "$LOCK" -maxdepth 0 -mmin +15 2>/dev/null)" ]; then
        rm -rf "$LOCK" && mkdir "$LOCK" 2>/dev/null && return 0
    fi
    return 1
}

build() {
    take_lock || { echo "bootstrap: another build is running ($LOCK)"; return 0; }
    trap 'rm -rf "$LOCK"' EXIT
    if ready; then
        return 0
    fi
    local want hash target py
    want="$(stamp)"
    hash="$(printf '%s' "$want" | sha256sum 2>/dev/null || printf '%s' "$want" | shasum -a 256)"
    target="$DATA/venv-${hash:0:12}"
    echo "bootstrap: $(date -u +%FT%TZ) building $target for $ROOT"
    py="$(find_python)" || { echo "bootstrap: Python 3.10 or newer not found"; return 1; }
    rm -rf "$target"
    "$py" -m venv "$target" || { echo "bootstrap: venv failed"; return 1; }
    if ! "$target/bin/python" -m pip install --quiet --disable-pip-version-check -e "$ROOT[local]"; then
        echo "bootstrap: the local embedder could not be installed; continuing without it"
        "$target/bin/python" -m pip install --quiet --disable-pip-version-check -e "$ROOT" \
            || { echo "bootstrap: pip install failed"; rm -rf "$target"; return 1; }
    fi
    # bytecode compiled once here, never on a prompt's path (see install.sh's precompile)
    "$target/bin/python" -m compileall -q "$ROOT/hooks" "$ROOT/mnemon" >/dev/null 2>&1 || true
    printf '%s\n' "$want" >"$target/.mnemon-stamp"
    ln -sfn "$target" "$LINK.new"
    "$py" -c 'import os, sys; os.replace(sys.argv[1], sys.argv[2])' "$LINK.new" "$LINK"
    local old
    for old in "$DATA"/venv-*; do
        [ "$old" = "$target" ] || rm -rf "$old"
    done
    echo "bootstrap: $(date -u +%FT%TZ) ready"
    # The daemon drains the captures spooled during the build (and is warm for the next prompt).
    "$LINK/bin/python" -I -c 'import sys; from mnemon.cli import main; sys.exit(main())' daemon start \
        || echo "bootstrap: the daemon did not start; the hooks start it on demand"
}

start_build() {
    # A build that keeps failing (no network, say) is retried by every hook: keep its log bounded.
    if [ -n "$(find "$LOG" -maxdepth 0 -size +1024k 2>/dev/null)" ]; then
        mv -f "$LOG" "$LOG.1" 2>/dev/null
    fi
    # Detached from Claude Code's pipes and process group: the caller never waits for it.
    if [ -d "$LOCK" ] && [ -z "$(find "$LOCK" -maxdepth 0 -mmin +15 2>/dev/null)" ]; then
        return 0
    fi
    mkdir -p "$DATA"
    if command -v setsid >/dev/null 2>&1; then
        setsid bash "${BASH_SOURCE[0]}" --data "$DATA" --build </dev/null >>"$LOG" 2>&1 &
    else
        nohup bash "${BASH_SOURCE[0]}" --data "$DATA" --build </dev/null >>"$LOG" 2>&1 &
    fi
}

case "${1:-}" in
    --build)
        build
        exit $?
        ;;
    --cli)
        shift
        if ! ready; then
            start_build
            echo "Mnemon's environment is still being set up (log: $LOG); try again in a minute."
            exit 0
        fi
        exec "$LINK/bin/python" -I -c 'import sys; from mnemon.cli import main; sys.exit(main())' "$@"
        ;;
    --mcp)
        # Claude Code starts this once per session and keeps a server that failed to start off
        # for 15 minutes: until the environment is ready, a standard-library stand-in connects
        # with no tools and says why (hooks/mcp_pending.py); the next session gets the real one.
        if ! ready; then
            start_build
            py="$(find_python)" || exit 1
            exec "$py" -I "$ROOT/hooks/mcp_pending.py" "$LOG"
        fi
        exec "$LINK/bin/python" -I -m mnemon.mcp_server
        ;;
    "" | *[!a-z_]*)
        exit 0
        ;;
esac

if ready && [ -f "$ROOT/hooks/$1.py" ]; then
    exec "$LINK/bin/python" -I "$ROOT/hooks/$1.py"
fi
start_build
case "$1" in
    stop | pre_compact | post_compact | session_end)
        if [ -f "$ROOT/hooks/spool_capture.py" ] && py="$(find_python)"; then
            exec "$py" -I "$ROOT/hooks/spool_capture.py" "$1"
        fi
        ;;
esac
exit 0
