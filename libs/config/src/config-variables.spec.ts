import { APP_CONFIG_SCHEMAS, GATEHOUSE_APPS } from './apps/app-config-schemas';
import { ConfigError } from './config-error';
import { CONFIG_VARIABLES, configurationTableMarkdown } from './config-variables';
import { configVariableNames } from './env-section';
import { loadConfig } from './load-config';

function missingWhenEmpty(app: (typeof GATEHOUSE_APPS)[number]): string[] {
  try {
    loadConfig(APP_CONFIG_SCHEMAS[app], {});
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems.filter((problem) => problem.reason === 'required').map((problem) => problem.variable);
  }
}

describe('CONFIG_VARIABLES', () => {
  it('lists each variable once', () => {
    const names = CONFIG_VARIABLES.map((variable) => variable.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(GATEHOUSE_APPS)('lists exactly the variables the %s schema reads', (app) => {
    const listed = CONFIG_VARIABLES.filter((variable) => variable.apps.includes(app)).map((variable) => variable.name);
    expect([...listed].sort()).toEqual(configVariableNames(APP_CONFIG_SCHEMAS[app]).sort());
  });

  it.each(GATEHOUSE_APPS)('lists exactly the variables %s refuses to start without', (app) => {
    const listed = CONFIG_VARIABLES.filter((variable) => variable.requiredBy.includes(app)).map((variable) => variable.name);
    expect([...listed].sort()).toEqual(missingWhenEmpty(app).sort());
  });

  it('gives every optional variable a default or says why it has none', () => {
    for (const variable of CONFIG_VARIABLES) {
      const optionalSomewhere = variable.apps.some((app) => !variable.requiredBy.includes(app));
      if (optionalSomewhere) expect({ name: variable.name, default: variable.default }).toEqual({ name: variable.name, default: expect.any(String) });
    }
  });

  it('renders the README table with one row per variable', () => {
    const table = configurationTableMarkdown().split('\n');
    expect(table[0]).toBe('| Variable | Used by | Default | Description |');
    expect(table).toHaveLength(CONFIG_VARIABLES.length + 2);
    expect(table).toContain(
      '| `DATABASE_URL` | auth, token-exchange, webhook-management, delivery-worker | required | PostgreSQL connection URL (`postgres://user:password@host:5432/db`). |',
    );
    expect(table).toContain('| `LOG_LEVEL` | all | info | pino level: fatal, error, warn, info, debug, trace or silent. |');
    expect(table).toContain('| `GATEHOUSE_DATA_DIR` | all-in-one | `./.gatehouse` | All-in-one storage: PGlite files and generated secrets. |');
  });
});
