import { APP_CONFIG_SCHEMAS, GATEHOUSE_APPS, type GatehouseApp } from './apps/app-config-schemas';
import { ConfigError } from './config.error';
import type { EnvShape } from './env-section';
import { loadConfig } from './load-config';
import { variableDocOf } from './variable-doc';

export interface ConfigVariable {
  name: string;
  /** Apps whose configuration reads the variable. */
  apps: readonly GatehouseApp[];
  /** Apps that refuse to start without it. */
  requiredBy: readonly GatehouseApp[];
  /** Shown in the README; absent when there is none. */
  default?: string;
  description: string;
}

/** The variables an app refuses to start without: what loading its configuration from an empty environment reports missing. */
function requiredVariables(app: GatehouseApp): Set<string> {
  try {
    loadConfig(APP_CONFIG_SCHEMAS[app], {});
    return new Set();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return new Set(
      error.problems
        .filter((problem) => problem.reason === 'required')
        .map((problem) => problem.variable),
    );
  }
}

function shownDefault(schema: EnvShape[string]): string | undefined {
  const parsed = schema.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined) return undefined;
  return Array.isArray(parsed.data) ? parsed.data.join(',') : String(parsed.data);
}

/**
 * Every variable any app reads, read off the apps' schemas: each variable is declared once, with
 * its description, where its section reads it (`documented`). The services first, then what only
 * the all-in-one reads.
 */
function collectVariables(): ConfigVariable[] {
  const found = new Map<
    string,
    ConfigVariable & { apps: GatehouseApp[]; requiredBy: GatehouseApp[] }
  >();
  for (const app of GATEHOUSE_APPS) {
    const required = requiredVariables(app);
    for (const [name, schema] of Object.entries(APP_CONFIG_SCHEMAS[app].in.shape as EnvShape)) {
      const doc = variableDocOf(schema);
      if (!doc)
        throw new Error(
          `${name} (read by ${app}) has no description: declare it with documented(schema, { description })`,
        );
      let variable = found.get(name);
      if (!variable) {
        variable = { name, apps: [], requiredBy: [], description: doc.description };
        const fallback = doc.shownDefault ?? shownDefault(schema);
        if (fallback !== undefined) variable.default = fallback;
        found.set(name, variable);
      } else if (variable.description !== doc.description) {
        throw new Error(`${name} is documented twice with different descriptions`);
      }
      variable.apps.push(app);
      if (required.has(name)) variable.requiredBy.push(app);
    }
  }
  return [...found.values()];
}

let collected: readonly ConfigVariable[] | undefined;

/**
 * Every variable any app reads: the source of the README's configuration table and of the
 * manifests' checks. Collected on first call, not at import, so a service that only loads its own
 * configuration never parses every app's schema.
 */
export function configVariables(): readonly ConfigVariable[] {
  collected ??= collectVariables();
  return collected;
}

/** The README's configuration table, in Markdown. */
export function configurationTableMarkdown(
  variables: readonly ConfigVariable[] = configVariables(),
): string {
  const rows = variables.map((variable) => {
    const apps =
      variable.apps.length === GATEHOUSE_APPS.length
        ? 'all'
        : variable.apps.map((app) => (app === 'gatehouse' ? 'all-in-one' : app)).join(', ');
    const fallback = variable.default ?? (variable.requiredBy.length > 0 ? 'required' : '');
    return `| \`${variable.name}\` | ${apps} | ${fallback} | ${variable.description} |`;
  });
  return ['| Variable | Used by | Default | Description |', '|---|---|---|---|', ...rows].join(
    '\n',
  );
}
