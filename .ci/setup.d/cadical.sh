#!/usr/bin/env bash
# libclang for the in-process CaDiCaL backend (cargo feature `cadical`, on by default): the
# rustsat-cadical crate builds its vendored C++ sources with the system C++ compiler and makes
# its Rust bindings with bindgen, which loads libclang at build time. Idempotent.
set -euo pipefail
if ls /usr/lib/llvm-*/lib/libclang.so* >/dev/null 2>&1 || ldconfig -p 2>/dev/null | grep -q 'libclang[-.0-9]*\.so'; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends libclang-dev g++ >/dev/null
