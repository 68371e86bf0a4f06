#!/usr/bin/env bash
# Installs the offline VS Code test host: code-server 4.100.3 (VS Code 1.100.3) into
# .vscode-test/code-server-4.100.3/, the way test-electron caches its download. Needed because
# these machines reach only the npm registry and Debian: test-electron cannot download VS Code.
# The sequence and its reasons are in docs/engineering-notes.md, "A real VS Code without internet". A marker file makes
# a re-run a no-op. Usage: bash scripts/install-test-host.sh [--for tests|demo]   (prints the install path last)
#   --for tests (the default; npm test, .ci/run): every Debian package below is required.
#   --for demo (npm start): only code-server's own; those only the tests use are named in one line.
set -euo pipefail
cd "$(dirname "$0")/.."

purpose=tests
if (($#)); then
  if [[ $# -ne 2 || $1 != --for || ! $2 =~ ^(tests|demo)$ ]]; then
    echo "usage: bash scripts/install-test-host.sh [--for tests|demo]" >&2
    exit 2
  fi
  purpose=$2
fi

VERSION=4.100.3
ROOT="$PWD/.vscode-test/code-server-$VERSION"
MARKER="$ROOT/.installed"
log() { echo "[test-host] $*" >&2; }

# Debian packages code-server itself needs: libkrb5-dev has the GSSAPI headers the kerberos native
# module is built against (npm rebuild fails without them), ripgrep is the rg that VS Code's search
# runs, linked below in place of the one @vscode/ripgrep would download.
host_debs=()
dpkg -s libkrb5-dev >/dev/null 2>&1 || host_debs+=(libkrb5-dev)
command -v rg >/dev/null 2>&1 || host_debs+=(ripgrep)
# Those only the tests use: chromium drives the browser tests, gdal-bin (gdalinfo, gdal_translate,
# gdallocationinfo) is the reference the GeoTIFF tests read images with.
test_debs=()
command -v chromium >/dev/null 2>&1 || test_debs+=(chromium)
command -v gdalinfo >/dev/null 2>&1 || test_debs+=(gdal-bin)
# faketime runs the unit suite at other days than today (npm run test:dates).
command -v faketime >/dev/null 2>&1 || test_debs+=(faketime)
# The field statistics' independent reference (test/stats/reference.py) runs on Debian's Python.
/usr/bin/python3 -c "import rasterio" >/dev/null 2>&1 || test_debs+=(python3-rasterio)
/usr/bin/python3 -c "import numpy" >/dev/null 2>&1 || test_debs+=(python3-numpy)
/usr/bin/python3 -c "import shapely" >/dev/null 2>&1 || test_debs+=(python3-shapely)
# The raster benchmark's decode-only reference (GDAL's ReadAsArray, scripts/bench/raster_decode_reference.py).
/usr/bin/python3 -c "from osgeo import gdal" >/dev/null 2>&1 || test_debs+=(python3-gdal)

is_root() { [[ $(id -u) -eq 0 ]]; }
apt_install_line() { if is_root; then echo "apt-get install -y $*"; else echo "sudo apt-get install -y $*"; fi; }
need_debs=("${host_debs[@]}")
if [[ $purpose == tests ]]; then
  need_debs+=("${test_debs[@]}")
elif ((${#test_debs[@]})); then
  log "the demo runs without ${test_debs[*]}, which only the tests use: $(apt_install_line "${test_debs[@]}")"
fi
if ((${#need_debs[@]})); then
  if is_root; then
    log "installing Debian packages: ${need_debs[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends "${need_debs[@]}" >/dev/null
  else
    log "missing Debian packages: ${need_debs[*]}"
    log "install them with: $(apt_install_line "${need_debs[@]}")"
    exit 1
  fi
fi

# Two test runs started at once must not install into the same folder together.
mkdir -p "$(dirname "$ROOT")"
exec 9>"$(dirname "$ROOT")/.install.lock"
flock 9

if [[ -f "$MARKER" ]]; then
  log "code-server $VERSION already installed in $ROOT"
  echo "$ROOT"
  exit 0
fi

started=$(date +%s)
rm -rf "$ROOT"
mkdir -p "$ROOT"
cd "$ROOT"
echo '{ "name": "code-server-host", "private": true }' > package.json
# Root refuses postinstall scripts without unsafe-perm; we skip them and run the needed parts
# ourselves because @vscode/ripgrep's would download rg from the internet.
export npm_config_unsafe_perm=true npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false

log "npm install --ignore-scripts code-server@$VERSION"
npm install --ignore-scripts --no-save --loglevel=error "code-server@$VERSION" >&2
CS="$ROOT/node_modules/code-server"
log "npm rebuild argon2"
npm rebuild argon2 --loglevel=error >&2

cd "$CS/lib/vscode"
log "lib/vscode: npm install --omit=dev --ignore-scripts"
npm install --omit=dev --ignore-scripts --loglevel=error >&2
mkdir -p node_modules/@vscode/ripgrep/bin
ln -sf "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
log "lib/vscode: npm rebuild (node-pty, spdlog, kerberos, watcher)"
# node-pty's build script calls npx, which needs an automatic yes.
npm_config_yes=true npm rebuild --loglevel=error >&2
ln -sfn node_modules node_modules.asar
ln -sf code-linux.sh bin/remote-cli/code-server
ln -sf browser-linux.sh bin/helpers/browser.sh
log "lib/vscode/extensions: npm install --omit=dev"
(cd extensions && npm install --omit=dev --loglevel=error >&2)

node -e "process.exit(require(process.argv[1]).version === process.argv[2] ? 0 : 1)" "$CS/package.json" "$VERSION"
date -u +%FT%TZ > "$MARKER"
log "installed code-server $VERSION in $(( $(date +%s) - started )) s"
echo "$ROOT"
