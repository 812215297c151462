#!/bin/bash
# Frames per second of the workbench window against the ceiling probe, in one run on one display.
#
#   src/test/perf/window-rates.sh [JAR] [SECONDS]
#
# Starts Xvfb at 1684×1053 (the window is then 1600×1000, as on a classroom projector's
# 1680×1050), runs the ceiling probe (dev.hooke.fx.perf.CeilingProbe), then the workbench on each
# scene with -Dhooke.perfLog=SECONDS, running, and prints each one's line. Needs Xvfb; run it on
# an otherwise quiet machine (the load average is printed first).
set -u
JAR=${1:-target/hooke.jar}
SECS=${2:-20}
DISPLAY_NUM=${DISPLAY_NUM:-77}
Xvfb :$DISPLAY_NUM -screen 0 1684x1053x24 >/dev/null 2>&1 &
XVFB=$!
trap 'kill $XVFB 2>/dev/null' EXIT
sleep 1
export DISPLAY=:$DISPLAY_NUM
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) processors"
JAVA_FLAGS=(-Dprism.forceGPU=true ${HOOKE_FLAGS:-})
timeout $((SECS + 30)) java "${JAVA_FLAGS[@]}" -cp "$JAR" dev.hooke.fx.perf.CeilingProbe "$SECS" 2>/dev/null | grep '^hooke.ceiling'
for scene in ${SCENES:-spring chain cloth cube lessons/scenes/cloth-100.yaml}; do
  timeout $((SECS + 30)) java "${JAVA_FLAGS[@]}" -Dhooke.scene="$scene" -Dhooke.perfLog="$SECS" -Dhooke.exitAfterLog=true \
      -jar "$JAR" 2>/dev/null | grep '^hooke.perf'
done
timeout $((SECS + 30)) java "${JAVA_FLAGS[@]}" -cp "$JAR" dev.hooke.fx.perf.CeilingProbe "$SECS" 2>/dev/null | grep '^hooke.ceiling'
