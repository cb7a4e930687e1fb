#!/usr/bin/env bash
# What `make test` needs beyond Python, installed the way the Neo4j launcher is provisioned:
#   Java 17+ (JDK) and Maven   the local Neo4j 5.26 server (tools/neo4j/neo4j.sh), unless
#                              GRAPHMEM_NEO4J_URI points at a server someone else runs
#   Chromium                   screenshots of the HTML graph view and Neo4j Browser
#   a CJK font                 so Chinese labels in those screenshots are not boxes
# Missing pieces are installed with apt-get when this user can (root, or passwordless sudo);
# otherwise the run stops at once with the one command to run.
set -euo pipefail

need=()
java_ok() {
    local j="${JAVA_HOME:+$JAVA_HOME/bin/}java" v
    command -v "$j" >/dev/null 2>&1 || return 1
    command -v "${JAVA_HOME:+$JAVA_HOME/bin/}javac" >/dev/null 2>&1 || return 1
    v="$("$j" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p')"
    [[ "${v%%.*}" =~ ^[0-9]+$ && "${v%%.*}" -ge 17 ]]
}
if [[ -z "${GRAPHMEM_NEO4J_URI:-}" ]]; then
    java_ok || need+=(openjdk-17-jdk-headless)
    command -v mvn >/dev/null 2>&1 || need+=(maven)
fi
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || need+=(chromium)
# (fc-list's whole output first: with pipefail, `fc-list | grep -q` fails when grep stops early)
fonts="$(fc-list 2>/dev/null || true)"
grep -qiE "wenquanyi|wqy|noto sans cjk|noto serif cjk" <<<"$fonts" || need+=(fonts-wqy-zenhei)
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || need+=(python3-venv)

[[ ${#need[@]} -eq 0 ]] && exit 0

if [[ $(id -u) -eq 0 ]]; then
    sudo=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo=(sudo -n)
else
    echo "make test needs: ${need[*]}. Install them with:" >&2
    echo "    sudo apt-get update && sudo apt-get install -y ${need[*]}" >&2
    exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "make test needs: ${need[*]} (no apt-get here: install them with this system's package manager)" >&2
    exit 1
fi
echo "provision: installing ${need[*]}" >&2
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${need[@]}" >/dev/null
