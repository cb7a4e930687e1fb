#!/usr/bin/env bash
# Local Neo4j 5.26 Community server without Docker: jars from Maven Central, run on Java 17+.
# Serves Bolt and, over the HTTP connector, Neo4j Browser with graphmem's style and guide.
#
#   tools/neo4j/neo4j.sh fetch          resolve jars + compile Launcher into the cache (idempotent)
#   tools/neo4j/neo4j.sh start [PORT]   start in the background, wait for ready, print the bolt URI
#                                       (stderr says where Neo4j Browser is)
#   tools/neo4j/neo4j.sh stop  [PORT]   SIGTERM (clean shutdown), SIGKILL only as a last resort
#   tools/neo4j/neo4j.sh kill  [PORT]   SIGKILL at once: for a server whose data directory is thrown
#                                       away next (tests), which needs no checkpoint
#   tools/neo4j/neo4j.sh status [PORT]  running / starting / stopped (exit 3 when stopped)
#   tools/neo4j/neo4j.sh browser-url [PORT]  the Neo4j Browser URL of a running server (exit 3: none)
#   tools/neo4j/neo4j.sh wipe  [PORT]   stop, then delete the data directory
#
# Environment:
#   GRAPHMEM_NEO4J_CACHE     cache dir (default ~/.cache/graphmem/neo4j-5.26): lib-*/, classes-*/, browser-ui-*/,
#                            data-PORT/, site-PORT/ (the Browser a server serves), logs, pids
#   GRAPHMEM_NEO4J_PORT      default port (7687)
#   GRAPHMEM_NEO4J_HTTP_PORT HTTP port for Neo4j Browser: a number, "auto" (a free port) or "off"
#                            (default 7474 for Bolt port 7687, else auto)
#   GRAPHMEM_NEO4J_HTTP_ADDRESS  HTTP listen address (127.0.0.1; Bolt always listens on 127.0.0.1 only)
#   GRAPHMEM_NEO4J_DATA      database home (default $cache/data-PORT)
#   GRAPHMEM_NEO4J_PASSWORD  if set (8+ chars): auth on, user neo4j gets this password; else auth off
#   GRAPHMEM_NEO4J_TIMEOUT   seconds to wait for ready (180)
#   GRAPHMEM_NEO4J_JAVA_OPTS more JVM options, space-separated, after the built-in ones
#   JAVA_HOME                Java 17+ to use (else `java` on PATH)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cache="${GRAPHMEM_NEO4J_CACHE:-$HOME/.cache/graphmem/neo4j-5.26}"
timeout_s="${GRAPHMEM_NEO4J_TIMEOUT:-180}"

die() { echo "neo4j.sh: $*" >&2; exit 1; }
log() { echo "neo4j.sh: $*" >&2; }

find_java() {
    if [[ -n "${JAVA_HOME:-}" && -x "$JAVA_HOME/bin/java" ]]; then java="$JAVA_HOME/bin/java"; javac="$JAVA_HOME/bin/javac"
    else java="$(command -v java || true)"; javac="$(command -v javac || true)"; fi
    [[ -n "$java" ]] || die "java 17+ not found: apt-get install openjdk-17-jre-headless (or set JAVA_HOME)"
    local v
    v="$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p')"
    [[ "${v%%.*}" =~ ^[0-9]+$ && "${v%%.*}" -ge 17 ]] || die "java 17+ not found ($java is version '${v:-?}'): apt-get install openjdk-17-jre-headless (or set JAVA_HOME)"
}

hash_of() { sha256sum "$1" | cut -d' ' -f1; }

cmd_fetch() {
    find_java
    mkdir -p "$cache"
    local lock_fd
    if command -v flock >/dev/null; then exec {lock_fd}>"$cache/.fetch.lock"; flock "$lock_fd"; fi
    local pom_hash src_hash
    pom_hash="$(hash_of "$here/pom.xml")"
    src_hash="$(hash_of "$here/Launcher.java")"
    # One folder per pom / Launcher version: checkouts with another pom (and servers running
    # from their jars) share the cache without deleting each other's jars.
    lib="$cache/lib-${pom_hash:0:12}"
    classes="$cache/classes-${src_hash:0:12}-${pom_hash:0:12}"
    ui="$cache/browser-ui-${pom_hash:0:12}"
    if [[ "$(cat "$lib/.stamp" 2>/dev/null)" != "$pom_hash" ]]; then
        command -v mvn >/dev/null || die "mvn not found: apt-get install maven"
        log "resolving Neo4j jars from Maven Central into $lib ..."
        rm -rf "$lib" "$classes"
        mvn -B -q -Dstyle.color=never -f "$here/pom.xml" dependency:copy-dependencies -DincludeScope=runtime \
            -DoutputDirectory="$lib" -Dmdep.prependGroupId=true 2>&1 \
            | sed 's/\x1b\[[0-9;]*m//g' >&2 \
            || die "mvn dependency:copy-dependencies failed (is Maven Central reachable?)"
        echo "$pom_hash" >"$lib/.stamp"
    fi
    if [[ "$(cat "$classes/.stamp" 2>/dev/null)" != "$src_hash" ]]; then
        [[ -n "$javac" && -x "$javac" ]] || die "javac not found: apt-get install openjdk-17-jdk-headless (or set JAVA_HOME to a JDK)"
        rm -rf "$classes"; mkdir -p "$classes"
        "$javac" -nowarn --release 17 -cp "$lib/*" -d "$classes" "$here/Launcher.java" \
            || die "javac Launcher.java failed"
        echo "$src_hash" >"$classes/.stamp"
    fi
    unpack_browser "$pom_hash"
    if [[ -n "${lock_fd:-}" ]]; then exec {lock_fd}>&-; fi
}

# The jar of Neo4j Browser, unpacked once: the web server serves the first browser/ folder on the
# classpath, so each server gets a hard-linked copy with graphmem's style and guide added (site-PORT/).
unpack_browser() {
    local stamp="$1" jar
    [[ "$(cat "$ui/.stamp" 2>/dev/null)" == "$stamp" ]] && return 0
    jar="$(ls "$lib"/org.neo4j.client.neo4j-browser-*.jar 2>/dev/null | head -n1)"
    [[ -n "$jar" ]] || die "no neo4j-browser jar in $lib"
    rm -rf "$ui"; mkdir -p "$ui"
    if command -v unzip >/dev/null; then unzip -q "$jar" 'browser/*' -d "$ui"
    else (cd "$ui" && "${javac%/*}/jar" xf "$jar" browser); fi \
        || die "could not unpack $jar"
    echo "$stamp" >"$ui/.stamp"
}

# Sets port, data, logf, pidf from the optional PORT argument.
setup_port() {
    port="${1:-${GRAPHMEM_NEO4J_PORT:-7687}}"
    [[ "$port" =~ ^[0-9]+$ && "$port" -ge 1 && "$port" -le 65535 ]] || die "bad port '$port'"
    data="${GRAPHMEM_NEO4J_DATA:-$cache/data-$port}"
    logf="$cache/neo4j-$port.log"
    pidf="$cache/neo4j-$port.pid"
    site="$cache/site-$port"
}

# The Browser copy this server serves: Browser itself (hard links) plus browser/graphmem/.
make_site() {
    local repo="$here/../.."
    rm -rf "$site"; mkdir -p "$site"
    cp -al "$ui/browser" "$site/browser" 2>/dev/null || cp -R "$ui/browser" "$site/browser"
    mkdir -p "$site/browser/graphmem"
    cp "$repo/cypher/graphmem.grass" "$repo/cypher/browser/guide.html" "$site/browser/graphmem/"
}

# The Browser URL from the READY line of the log ("" when HTTP is off or not ready).
# With auth off, preselectAuthMethod=NO_AUTH makes Browser connect without asking.
browser_url() {
    local ready http
    ready="$(grep '^NEO4J READY ' "$logf" 2>/dev/null | tail -n1)"
    http="$(sed -n 's/.* http=\([^ ]*\).*/\1/p' <<<"$ready")"
    [[ -n "$http" && "$http" != off ]] || return 0
    if [[ "$ready" == *" auth=none "* ]]; then echo "$http/browser/?dbms=bolt://127.0.0.1:$port&preselectAuthMethod=NO_AUTH"
    else echo "$http/browser/?dbms=bolt://neo4j@127.0.0.1:$port"; fi
}

# Prints the pid if the pid file names a live Launcher process.
running_pid() {
    local pid
    pid="$(cat "$pidf" 2>/dev/null || true)"
    [[ "$pid" =~ ^[0-9]+$ ]] || return 1
    kill -0 "$pid" 2>/dev/null || return 1
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q 'Launcher' || return 1
    echo "$pid"
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

cmd_start() {
    setup_port "${1:-}"
    local pid
    if pid="$(running_pid)"; then
        local url; url="$(browser_url)"
        echo "neo4j already running on port $port (pid $pid)${url:+; Neo4j Browser: $url}" >&2
        echo "bolt://127.0.0.1:$port"; return 0
    fi
    port_in_use "$port" && die "port $port is already in use by another process"
    if [[ -n "${GRAPHMEM_NEO4J_PASSWORD:-}" && ${#GRAPHMEM_NEO4J_PASSWORD} -lt 8 ]]; then
        die "GRAPHMEM_NEO4J_PASSWORD must be at least 8 characters (Neo4j's minimum); unset it to run without auth"
    fi
    local http="${GRAPHMEM_NEO4J_HTTP_PORT:-}"
    [[ -n "$http" ]] || { [[ "$port" == 7687 ]] && http=7474 || http=auto; }
    [[ "$http" == auto || "$http" == off || ( "$http" =~ ^[0-9]+$ && "$http" -ge 1 && "$http" -le 65535 ) ]] \
        || die "bad GRAPHMEM_NEO4J_HTTP_PORT '$http' (a port number, auto or off)"
    [[ "$http" =~ ^[0-9]+$ ]] && port_in_use "$http" && die "HTTP port $http is already in use (set GRAPHMEM_NEO4J_HTTP_PORT to another port, auto or off)"
    cmd_fetch
    mkdir -p "$data"
    make_site
    [[ -f "$logf" ]] && mv -f "$logf" "$logf.prev"
    local -a jvm=(-Xms512m -Xmx1g -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError
        --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED
        --add-opens=java.base/sun.nio.ch=ALL-UNNAMED -Dfile.encoding=UTF-8)
    # shellcheck disable=SC2206  # split on spaces, as JAVA_OPTS is
    [[ -n "${GRAPHMEM_NEO4J_JAVA_OPTS:-}" ]] && jvm+=(${GRAPHMEM_NEO4J_JAVA_OPTS})
    local setsid=()
    command -v setsid >/dev/null && setsid=(setsid)
    # setsid: detach from the caller's process group so Ctrl-C in the calling shell does not kill the server.
    "${setsid[@]}" nohup "$java" "${jvm[@]}" -cp "$classes:$site:$lib/*" Launcher "$port" "$data" "$http" \
        >"$logf" 2>&1 </dev/null &
    pid=$!
    echo "$pid" >"$pidf"
    local t0=$SECONDS
    while :; do
        if grep -q '^NEO4J READY' "$logf" 2>/dev/null; then
            local url; url="$(browser_url)"
            log "started: bolt://127.0.0.1:$port${url:+  Neo4j Browser: $url} (pid $pid, $((SECONDS - t0)) s, data $data, log $logf)"
            echo "bolt://127.0.0.1:$port"; return 0
        fi
        if ! kill -0 "$pid" 2>/dev/null; then
            rm -f "$pidf"; rm -rf "$site"
            echo "neo4j.sh: neo4j died during startup; last lines of $logf:" >&2
            tail -n 40 "$logf" >&2
            grep -m1 '^NEO4J FAILED' "$logf" >&2 || true
            exit 1
        fi
        if (( SECONDS - t0 >= timeout_s )); then
            echo "neo4j.sh: neo4j not ready after ${timeout_s} s; stopping it. Last lines of $logf:" >&2
            tail -n 40 "$logf" >&2
            cmd_stop "$port" >/dev/null 2>&1 || true
            exit 1
        fi
        sleep 0.5
    done
}

cmd_stop() {
    setup_port "${1:-}"
    local pid
    if ! pid="$(running_pid)"; then rm -f "$pidf"; rm -rf "$site"; log "not running on port $port"; return 0; fi
    kill -TERM "$pid"
    local i
    for ((i = 0; i < 120; i++)); do   # 60 s for a clean shutdown (checkpoint)
        kill -0 "$pid" 2>/dev/null || { rm -f "$pidf"; rm -rf "$site"; log "stopped (port $port, pid $pid)"; return 0; }
        sleep 0.5
    done
    log "pid $pid did not exit within 60 s after SIGTERM; sending SIGKILL (next start will run recovery)"
    kill -KILL "$pid" 2>/dev/null || true
    for ((i = 0; i < 20; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    rm -f "$pidf"; rm -rf "$site"
}

cmd_kill() {
    setup_port "${1:-}"
    local pid
    if ! pid="$(running_pid)"; then rm -f "$pidf"; rm -rf "$site"; log "not running on port $port"; return 0; fi
    kill -KILL "$pid" 2>/dev/null || true
    local i
    for ((i = 0; i < 200; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
    rm -f "$pidf"; rm -rf "$site"; log "killed (port $port, pid $pid)"
}

cmd_status() {
    setup_port "${1:-}"
    local pid
    if pid="$(running_pid)"; then
        if grep -q '^NEO4J READY' "$logf" 2>/dev/null; then
            local url; url="$(browser_url)"
            echo "running: bolt://127.0.0.1:$port${url:+  Neo4j Browser: $url} (pid $pid, data $data)"
        else
            echo "starting: port $port (pid $pid, log $logf)"
        fi
    else
        echo "stopped: port $port (data $data)"; return 3
    fi
}

cmd_browser_url() {
    setup_port "${1:-}"
    local url
    running_pid >/dev/null || { log "not running on port $port"; return 3; }
    url="$(browser_url)"
    [[ -n "$url" ]] || { log "no Neo4j Browser on port $port (not ready yet, or started with GRAPHMEM_NEO4J_HTTP_PORT=off)"; return 3; }
    echo "$url"
}

cmd_wipe() {
    setup_port "${1:-}"
    cmd_stop "$port"
    case "$data" in ""|"/"|"$HOME"|"$HOME/") die "refusing to delete '$data'";; esac
    rm -rf -- "$data"
    log "wiped $data"
}

case "${1:-}" in
    fetch)  cmd_fetch; echo "$cache" ;;
    start)  cmd_start "${2:-}" ;;
    stop)   cmd_stop "${2:-}" ;;
    kill)   cmd_kill "${2:-}" ;;
    status) cmd_status "${2:-}" ;;
    browser-url) cmd_browser_url "${2:-}" ;;
    wipe)   cmd_wipe "${2:-}" ;;
    *) sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
