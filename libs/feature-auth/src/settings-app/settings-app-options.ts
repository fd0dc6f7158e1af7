/** Where the built settings app is (GATEHOUSE_WEB_DIR). */
export interface SettingsAppOptions {
  directory: string;
}

export const SETTINGS_APP_OPTIONS = Symbol('gatehouse.auth.settingsAppOptions');
