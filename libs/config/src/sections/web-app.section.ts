import { envSection } from '../env-section';
import { nonEmptyText } from '../env-fields';

export interface WebAppConfig {
  /** The settings app as Vite built it (`index.html` and hashed `assets/`). */
  directory: string;
}

export const DEFAULT_WEB_APP_DIR = 'dist/apps/web';

/** The settings pages' static files, served by the services that serve the sign-in pages. */
export const webAppSection = envSection({ GATEHOUSE_WEB_DIR: nonEmptyText.default(DEFAULT_WEB_APP_DIR) }, (env): WebAppConfig => ({ directory: env.GATEHOUSE_WEB_DIR }));
