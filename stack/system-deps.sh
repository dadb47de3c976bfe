#!/usr/bin/env bash
# Installs what the tests need from Debian on a fresh machine: Chromium for the journeys (its headless shell; the full
# browser for headed runs and the web benchmark), PostgreSQL for the API's integration tests, nginx with Brotli for
# the journeys through the shipped web server configuration (run as the journeys' own process, never as a system
# service), Redis for the API's tests of write limits counted across processes (its own throwaway server each time),
# ffmpeg for Playwright's failure videos (Playwright cannot download its own here), Prometheus for the production
# topology's metrics (its promtool checks the alert rules and the configuration in `pnpm test`).
# With --servers, only the servers `pnpm start:production` runs: PostgreSQL, Redis, nginx with Brotli and Prometheus.
set -euo pipefail

servers_only=false
[ "${1:-}" = --servers ] && servers_only=true

missing=()
[ -x /usr/lib/postgresql/15/bin/initdb ] || missing+=(postgresql)
[ -x /usr/bin/redis-server ] || missing+=(redis-server)
command -v nginx >/dev/null 2>&1 || missing+=(nginx)
[ -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || missing+=(libnginx-mod-http-brotli-static)
# Debian's package brings promtool with it; installed without its recommends (no node exporter).
[ -x /usr/bin/prometheus ] && [ -x /usr/bin/promtool ] || missing+=(prometheus)
if [ "$servers_only" = false ]; then
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
  command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
  # Fonts for readable screenshots.
  [ -d /usr/share/fonts/truetype/dejavu ] || missing+=(fonts-dejavu-core)
fi

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "Missing system packages: ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "Installing ${missing[*]} with apt-get..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

[ "$servers_only" = true ] && exit 0

# Playwright records failure videos with its own ffmpeg build, which it cannot download here; Debian's works.
root=$(cd "$(dirname "$0")/.." && pwd)
browsers_json=$(find "$root/node_modules/.pnpm" -path '*playwright-core/browsers.json' 2>/dev/null | head -n 1)
if [ -n "$browsers_json" ]; then
  revision=$(node -e "const b=require(process.argv[1]).browsers.find(b=>b.name==='ffmpeg');console.log(b.revision)" "$browsers_json")
  target="${PLAYWRIGHT_BROWSERS_PATH:-$HOME/.cache/ms-playwright}/ffmpeg-$revision/ffmpeg-linux"
  if [ ! -e "$target" ]; then
    mkdir -p "$(dirname "$target")"
    ln -sf "$(command -v ffmpeg)" "$target"
  fi
fi
