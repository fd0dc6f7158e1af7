import { envSection } from '../env-section';
import { nonEmptyText } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';

const GATEHOUSE_WEB_DIR_DOC: VariableDoc = {
  description:
    'The built settings app (`npm run build`), served at `/`, `/settings/*` and `/organizations/*/settings/*`.',
  shownDefault: '`dist/apps/web` (relative to the working directory)',
};

export interface WebAppConfig {
  /** The settings app as Vite built it (`index.html` and hashed `assets/`). */
  directory: string;
}

export const DEFAULT_WEB_APP_DIR = 'dist/apps/web';

/** The settings pages' static files, served by the services that serve the sign-in pages. */
export const webAppSection = envSection(
  {
    GATEHOUSE_WEB_DIR: documented(nonEmptyText.default(DEFAULT_WEB_APP_DIR), GATEHOUSE_WEB_DIR_DOC),
  },
  (env): WebAppConfig => ({ directory: env.GATEHOUSE_WEB_DIR }),
);
