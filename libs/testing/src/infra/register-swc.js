// A require hook that lets plain `node` run the workspace's TypeScript, for child processes that
// tests spawn (`node --require ./libs/testing/src/infra/register-swc.js child.ts`). It compiles
// .ts files with @swc/core using the workspace .swcrc and resolves the `@gatehouse/*` aliases of
// tsconfig.base.json, the way Jest's moduleNameMapper does.
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../../../..');
const swcrc = JSON.parse(fs.readFileSync(path.join(root, '.swcrc'), 'utf8'));
delete swcrc.$schema;
const aliases = Object.fromEntries(
  Object.entries(require(path.join(root, 'tsconfig.base.json')).compilerOptions.paths).map(
    ([alias, [target]]) => [alias, path.join(root, target)],
  ),
);

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveAlias(request, ...rest) {
  return resolveFilename.call(this, aliases[request] ?? request, ...rest);
};

Module._extensions['.ts'] = function compileTypeScript(module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    ...swcrc,
    swcrc: false,
    filename,
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
