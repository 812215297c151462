#!/usr/bin/env bash
# Checks what `mvn -Pdist package` made (Linux): installs the .deb's files into an empty folder
# (dpkg-deb -x: the files dpkg would install, without root and without touching the system),
# then, with no Java on the PATH and no JAVA_HOME, from an empty working folder, runs the
# installed `hooke --version` and `hooke lesson check` (the lessons installed with the program,
# played with the runtime it bundles). The app image is checked the same way.
set -euo pipefail
cd "$(dirname "$0")/../../.."
dist=$PWD/target/dist
shopt -s nullglob
debs=("$dist"/hooke_*.deb)
((${#debs[@]} == 1)) || { echo "check-installed: expected one $dist/hooke_*.deb, found ${#debs[@]}: run mvn -B -Pdist package first" >&2; exit 1; }
deb=${debs[0]}
expected_version=$(sed -nE 's|^  <version>([0-9]+\.[0-9]+\.[0-9]+).*</version>|\1|p' pom.xml | head -1)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/root"
mkdir -p "$root" "$work/empty"
dpkg-deb -x "$deb" "$root"

fail() { echo "check-installed: $*" >&2; exit 1; }

# The package: its name, what it depends on, its menu entry and icon.
[[ $(dpkg-deb -f "$deb" Package) == hooke ]] || fail "$deb: the package is not named hooke"
depends=$(dpkg-deb -f "$deb" Depends)
for p in libgtk-3-0 libgl1; do
    [[ $depends == *"$p"* ]] || fail "$deb: Depends does not name $p: $depends"
done
desktop="$root/opt/hooke/lib/hooke-hooke.desktop"
[[ -f $desktop ]] || fail "$deb: no desktop menu entry (opt/hooke/lib/hooke-hooke.desktop)"
grep -qx 'Exec=/opt/hooke/bin/hooke' "$desktop" || fail "$desktop: Exec is not /opt/hooke/bin/hooke"
grep -qx 'Name=Hooke' "$desktop" || fail "$desktop: Name is not Hooke"
[[ -f $root/opt/hooke/lib/hooke.png ]] || fail "$deb: no icon"
[[ -f $root/opt/hooke/lib/app/lessons/01-one-spring-explicit-euler.yaml ]] || fail "$deb: the lessons are not installed"
dpkg-deb -I "$deb" postinst | grep -q 'xdg-desktop-menu install' || fail "$deb: postinst does not add the menu entry"

check() {  # check LABEL LAUNCHER
    local label=$1 launcher=$2
    [[ -x $launcher ]] || fail "$label: no launcher at $launcher"
    local out
    out=$(cd "$work/empty" && env -u JAVA_HOME PATH=/usr/bin:/bin "$launcher" --version 2>&1) \
        || fail "$label: hooke --version failed: $out"
    [[ $out == "hooke $expected_version"* ]] || fail "$label: hooke --version printed '$out', expected hooke $expected_version…"
    [[ $out == *"Java 17"* ]] || fail "$label: not on a Java 17 runtime: $out"
    out=$(cd "$work/empty" && env -u JAVA_HOME PATH=/usr/bin:/bin "$launcher" lesson check 2>&1) \
        || fail "$label: hooke lesson check failed: $(tail -5 <<<"$out")"
    local summary
    summary=$(tail -1 <<<"$out")
    [[ $summary =~ ^([0-9]+)\ passed,\ 0\ failed$ ]] || fail "$label: hooke lesson check: $summary"
    ((BASH_REMATCH[1] > 100)) || fail "$label: hooke lesson check ran only ${BASH_REMATCH[1]} checks"
    echo "check-installed: $label: $(head -1 <<<"$(cd "$work/empty" && env -u JAVA_HOME PATH=/usr/bin:/bin "$launcher" --version)"), lesson check: $summary"
}
check ".deb" "$root/opt/hooke/bin/hooke"
check "app image" "$dist/image/hooke/bin/hooke"
