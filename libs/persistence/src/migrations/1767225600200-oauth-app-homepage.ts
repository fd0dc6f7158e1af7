import { SqlMigration } from './sql-migration';

export class OAuthAppHomepage1767225600200 extends SqlMigration {
  readonly name = 'OAuthAppHomepage1767225600200';

  protected readonly upStatements = [
    // Where the app lives, shown on the consent and connected-applications pages.
    `ALTER TABLE oauth_apps ADD COLUMN homepage_url text`,
  ];

  protected readonly downStatements = [`ALTER TABLE oauth_apps DROP COLUMN homepage_url`];
}
