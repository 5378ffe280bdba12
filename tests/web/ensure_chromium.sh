#!/usr/bin/env bash
# Installs Debian's chromium for the browser test when it is missing (CI runs as root on a
# fresh machine). Prints the browser's path. Never downloads a browser build of its own.
set -euo pipefail
browser=/usr/bin/chromium
if [ ! -x "$browser" ]; then
    if [ "$(id -u)" != 0 ]; then
        echo "chromium is missing: install it with 'sudo apt-get install -y chromium'" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq chromium >&2
fi
echo "$browser"
