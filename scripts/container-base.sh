#!/usr/bin/env bash
# The container test's base image, made from Debian's packages: container registries are out of reach on the
# test machines, so the image the Containerfile's FROM names is built here (mmdebstrap: a minbase Debian with
# python3 and its venv module) and tagged with that name. Does nothing when the image is there already, or
# when podman is missing (the test then says it was skipped, and why).
set -euo pipefail
BASE=$(sed -n 's/^FROM //p' "$(dirname "$0")/../Containerfile" | head -n 1)
command -v podman >/dev/null 2>&1 || { echo "podman is not installed: the container test will be skipped"; exit 0; }
export CONTAINERS_CONF="${CONTAINERS_CONF:-$(dirname "$0")/../tests/containers.conf}"
podman image exists "$BASE" && exit 0
SOURCES=$(ls /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null | head -n 1 || true)  # one may be missing
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
echo "Building the container test's base image $BASE from Debian's packages (mmdebstrap)"
mmdebstrap --quiet --variant=minbase --include=python3,python3-venv \
  --aptopt='Acquire::Languages "none"' \
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
  --dpkgopt='path-exclude=/usr/share/locale/*' \
  bookworm "$WORK/base.tar" ${SOURCES:+"$SOURCES"}
podman import --quiet "$WORK/base.tar" "$BASE" >/dev/null
