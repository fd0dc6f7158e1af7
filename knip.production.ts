import type { KnipConfig } from 'knip';
import base from './knip.json';

/**
 * `knip --production` (in `npm run knip`): the same workspaces, seen from the shipped code only
 * (the `!` patterns of knip.json). An export, file or dependency that only specs, test kits or
 * contract suites reach is reported, so code kept alive by its own spec alone cannot stay. An export
 * its own file uses is not reported: testing a module's helper directly is fine; a helper nothing
 * ships is not.
 */
const config: KnipConfig = {
  ...(base as KnipConfig),
  ignoreExportsUsedInFile: true,
  workspaces: {
    ...base.workspaces,
    '.': {
      ...base.workspaces['.'],
      entry: [...base.workspaces['.'].entry, 'apps/web/vite.config.mjs!'],
    },
  },
};

export default config;
