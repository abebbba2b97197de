# Puts the Node.js release named in .nvmrc (24, the tested version) first on PATH, fetched from the
# npm registry as the `node-<os>-<cpu>` package and kept in .cache/node/ (git-ignored). Source it:
#   source scripts/provision-node.sh
# .ci/run does, so CI runs on Node 24 on machines whose system Node is older (docs/operations.md,
# "Node.js"). The package ships bin/node and the headers (include/node) but no npm: npm (any
# npm 10 or 11) runs under the node first on PATH. npm_config_nodedir points native builds
# (better-sqlite3) at these headers, as no prebuilt binary can be downloaded here.
spar_provision_node() {
  local root version os cpu dir tmp tarball
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)" || return 1
  version="$(tr -d ' \n\r' <"$root/.nvmrc")"
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) echo "provision-node: no npm package of Node.js for $(uname -s); install Node $version yourself" >&2; return 1 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) cpu=x64 ;;
    aarch64 | arm64) cpu=arm64 ;;
    *) echo "provision-node: no npm package of Node.js for $(uname -m); install Node $version yourself" >&2; return 1 ;;
  esac
  dir="$root/.cache/node/$version-$os-$cpu"
  if [ ! -x "$dir/bin/node" ]; then
    echo "▶ fetching node-$os-$cpu@$version from the npm registry"
    tmp="$(mktemp -d)" || return 1
    # npm pack checks the tarball against the registry's sha512 integrity.
    if ! tarball="$(cd "$tmp" && npm pack "node-$os-$cpu@$version" --silent)" || [ ! -f "$tmp/$tarball" ]; then
      echo "provision-node: npm pack node-$os-$cpu@$version failed" >&2
      rm -rf "$tmp"
      return 1
    fi
    mkdir -p "$tmp/unpacked" && tar xzf "$tmp/$tarball" -C "$tmp/unpacked" --strip-components=1 || {
      echo "provision-node: could not unpack $tarball" >&2
      rm -rf "$tmp"
      return 1
    }
    # Moved into place whole, so an interrupted fetch never leaves a half-filled cache behind.
    mkdir -p "$(dirname "$dir")" && rm -rf "$dir" && mv "$tmp/unpacked" "$dir"
    rm -rf "$tmp"
  fi
  if [ "$("$dir/bin/node" -v 2>/dev/null)" != "v$version" ]; then
    echo "provision-node: $dir/bin/node is not Node $version" >&2
    return 1
  fi
  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
  echo "node $(node -v) ($dir/bin/node), npm $(npm -v)"
}
spar_provision_node
