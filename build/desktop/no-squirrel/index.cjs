// electron-builder requires its Squirrel.Windows target as a peer dependency, which npm installs
// along with electron-winstaller, its install script and Squirrel's prebuilt executables. Spar's
// Windows installer is NSIS, so package.json's overrides put this package in its place; a build
// that asks for the squirrel target fails here with this message (docs/desktop.md).
throw new Error(
  'Spar does not build Squirrel.Windows installers: the Windows target is NSIS (electron-builder.yml).',
);
