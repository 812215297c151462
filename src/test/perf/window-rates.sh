#!/bin/bash
# Frames per second of the workbench window against the ceiling probe, in one run on one display.
#
#   src/test/perf/window-rates.sh [SECONDS [JAR...]]      (default: 20 s, target/hooke.jar)
#
# Starts Xvfb at 1684×1053 (the window is then 1600×1000, the workbench's size on a classroom
# projector's 1680×1050), runs the ceiling probe (dev.hooke.fx.perf.CeilingProbe), then the
# workbench on each scene with -Dhooke.perfLog=SECONDS, running, once per jar (so two builds are
# compared scene by scene, minutes apart at most), then the probe again, and prints each one's
# line. SCENES overrides the scenes. Needs Xvfb; run it on an otherwise quiet machine (the load
# average is printed first and last).
set -u
SECS=${1:-20}
shift || true
JARS=("$@")
((${#JARS[@]} > 0)) || JARS=(target/hooke.jar)
DISPLAY_NUM=${DISPLAY_NUM:-77}
Xvfb :$DISPLAY_NUM -screen 0 1684x1053x24 -noreset >/dev/null 2>&1 &
XVFB=$!
trap 'kill $XVFB 2>/dev/null' EXIT
sleep 1
export DISPLAY=:$DISPLAY_NUM
FLAGS=(-Dprism.forceGPU=true)
probe() {
    timeout $((SECS + 30)) java "${FLAGS[@]}" -cp "${JARS[0]}" dev.hooke.fx.perf.CeilingProbe "$SECS" 2>/dev/null \
        | grep '^hooke.ceiling'
}
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) processors"
probe
for scene in ${SCENES:-spring chain cloth cube lessons/scenes/cloth-100.yaml}; do
    for jar in "${JARS[@]}"; do
        echo -n "$jar: "
        timeout $((SECS + 30)) java "${FLAGS[@]}" -Dhooke.scene="$scene" -Dhooke.perfLog="$SECS" \
            -Dhooke.exitAfterLog=true -jar "$jar" 2>/dev/null | grep '^hooke.perf' || echo
    done
done
probe
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
