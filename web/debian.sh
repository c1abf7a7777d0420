# Sourced by the web scripts: install_debian PACKAGE... installs Debian packages quietly, with
# sudo when not root, and says what it installed.
install_debian() {
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
    echo "installed: $*"
}
