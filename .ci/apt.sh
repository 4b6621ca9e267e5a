# Sourced by the scripts in .ci/setup.d/: `apt_install PKG...` installs the Debian packages
# among PKG that are not installed yet, quietly, as root or through sudo. The package lists are
# fetched once per hour however many scripts ask (each `apt-get update` costs several seconds).
apt_install() {
  local missing=() pkg
  for pkg in "$@"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  [ "${#missing[@]}" -gt 0 ] || return 0
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  local stamp=/tmp/queensat-ci-apt-updated
  if [ -z "$(find "$stamp" -mmin -60 2>/dev/null)" ]; then
    $sudo apt-get update -qq
    touch "$stamp"
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
