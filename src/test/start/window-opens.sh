#!/usr/bin/env bash
# Runs README.md's first command, `java -jar target/hooke.jar`, on this machine's display (or
# under xvfb-run when none is set) and checks that the workbench's window opened and drew frames:
# it prints its performance line after a few seconds of running and then closes itself
# (hooke.perfLog, hooke.exitAfterLog). Fails with the program's own message when the window
# cannot open (no display, GTK missing, no graphics pipeline).
set -euo pipefail
cd "$(dirname "$0")/../../.."
jar=target/hooke.jar
[[ -f $jar ]] || { echo "window-opens: $jar is missing: run mvn -B package -DskipTests first" >&2; exit 1; }
# A fresh user: no remembered window, scene or language (a preferences folder of its own).
prefs=$(mktemp -d)
trap 'rm -rf "$prefs"' EXIT
run=(timeout 180 java "-Djava.util.prefs.userRoot=$prefs" -Dhooke.perfLog=5 -Dhooke.exitAfterLog=true -jar "$jar")
if [[ -z ${DISPLAY:-} ]]; then
    run=(xvfb-run -a -s "-screen 0 1280x1024x24" "${run[@]}")
fi
out=$("${run[@]}" 2>&1) || {
    echo "window-opens: the workbench did not run to its end:" >&2
    echo "$out" >&2
    exit 1
}
line=$(grep -m1 '^hooke.perf: ' <<<"$out") || {
    echo "window-opens: the workbench printed no performance line, so no frame was drawn:" >&2
    echo "$out" >&2
    exit 1
}
frames=$(sed -E 's/.* ([0-9.]+) frames\/s.*/\1/' <<<"$line")
if ! awk -v f="$frames" 'BEGIN { exit !(f > 0) }'; then
    echo "window-opens: the window drew no frames: $line" >&2
    exit 1
fi
echo "window-opens: the workbench opened and drew $frames frames/s"
