import { APP_CONFIG_SCHEMAS, GATEHOUSE_APPS } from './apps/app-config-schemas';
import { configVariables, configurationTableMarkdown } from './config-variables';
import { documented, variableDocOf } from './variable-doc';
import { z } from 'zod';

describe('configVariables', () => {
  it('lists each variable once', () => {
    const names = configVariables().map((variable) => variable.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(GATEHOUSE_APPS)(
    'lists exactly the variables the %s schema reads, each with a description',
    (app) => {
      const listed = configVariables().filter((variable) => variable.apps.includes(app));
      expect(listed.map((variable) => variable.name).sort()).toEqual(
        Object.keys(APP_CONFIG_SCHEMAS[app].in.shape).sort(),
      );
      for (const variable of listed) expect(variable.description).toMatch(/^\S.{10,}\.$/);
    },
  );

  it('says which apps refuse to start without a variable', () => {
    const byName = new Map(configVariables().map((variable) => [variable.name, variable]));
    expect(byName.get('DATABASE_URL')?.requiredBy).toEqual([
      'auth',
      'token-exchange',
      'webhook-management',
      'delivery-worker',
    ]);
    expect(byName.get('GATEHOUSE_TOKEN_EXCHANGE_URL')?.requiredBy).toEqual(['auth']);
    expect(byName.get('GATEHOUSE_PUBLIC_URL')).toMatchObject({
      apps: [...GATEHOUSE_APPS],
      requiredBy: ['auth', 'token-exchange', 'webhook-management', 'delivery-worker'],
    });
    expect(byName.get('LOG_LEVEL')).toMatchObject({ requiredBy: [], default: 'info' });
  });

  it("keeps a variable's description on its schema", () => {
    const doc = { description: 'How many widgets.', shownDefault: 'a few' };
    expect(variableDocOf(documented(z.string().optional(), doc))).toEqual(doc);
    expect(variableDocOf(z.string())).toBeUndefined();
  });

  it('gives every optional variable a default or says why it has none', () => {
    for (const variable of configVariables()) {
      const optionalSomewhere = variable.apps.some((app) => !variable.requiredBy.includes(app));
      if (optionalSomewhere)
        expect({ name: variable.name, default: variable.default }).toEqual({
          name: variable.name,
          default: expect.any(String),
        });
    }
  });

  it('renders the README table with one row per variable', () => {
    const table = configurationTableMarkdown().split('\n');
    expect(table[0]).toBe('| Variable | Used by | Default | Description |');
    expect(table).toHaveLength(configVariables().length + 2);
    expect(table).toContain(
      '| `DATABASE_URL` | auth, token-exchange, webhook-management, delivery-worker | required | PostgreSQL connection URL (`postgres://user:password@host:5432/db`). |',
    );
    expect(table).toContain(
      '| `LOG_LEVEL` | all | info | pino level: fatal, error, warn, info, debug, trace or silent. |',
    );
    expect(table).toContain(
      '| `GATEHOUSE_DATA_DIR` | all-in-one | `./.gatehouse` | All-in-one storage: PGlite files and generated secrets. |',
    );
  });
});
