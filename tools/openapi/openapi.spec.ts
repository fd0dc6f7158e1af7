import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gatehouseOpenApiDocument } from './gatehouse-openapi';
import { REGISTER_SWC } from '@gatehouse/testing';
import { gatehouseRoutes } from '../manifests/gatehouse-routes';
import { OPENAPI_FILE, openApiFileText } from './openapi-file';

const root = join(__dirname, '../..');

/** `/api/settings/webhooks/:id` → `/api/settings/webhooks/{id}`; a `*page` wildcard is `{page}`. */
function openApiPath(nestPath: string): string {
  return nestPath.replace(/[:*]([A-Za-z0-9_]+)/g, '{$1}');
}

function publicOperations(): string[] {
  const keys = gatehouseRoutes(root)
    .filter((route) => route.exposure === 'public')
    .map((route) => `${route.method} ${openApiPath(route.path)}`);
  return [...new Set(keys)].sort();
}

function describedOperations(): string[] {
  const document = gatehouseOpenApiDocument();
  return Object.entries(document.paths ?? {})
    .flatMap(([path, item]) =>
      Object.keys(item ?? {})
        .filter((key) => ['get', 'put', 'post', 'delete', 'patch'].includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    )
    .sort();
}

describe('the OpenAPI document', () => {
  it('is rendered in docs/openapi.json as generated (`npm run openapi` rewrites it)', () => {
    expect(readFileSync(join(root, OPENAPI_FILE), 'utf8')).toBe(openApiFileText());
  });

  it('has its TypeScript types in tools/openapi as generated (`npm run openapi` rewrites them)', () => {
    // openapi-typescript is an ES module Jest cannot load: the check runs as its own command.
    const output = execFileSync(
      process.execPath,
      ['--require', REGISTER_SWC, join(__dirname, 'write-openapi.ts'), '--check'],
      { cwd: root, encoding: 'utf8' },
    );
    expect(output).toBe('');
  });

  it('is a valid OpenAPI 3.1 document', () => {
    // The validator is an ES module Jest cannot load: it runs as its own command.
    const cli = require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js');
    const output = execFileSync(process.execPath, [cli, join(root, OPENAPI_FILE)], {
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual({ valid: true });
  });

  it('describes every public route, and no route that does not exist', () => {
    const routes = publicOperations();
    const described = describedOperations();
    expect(described.filter((operation) => !routes.includes(operation))).toEqual([]);
    expect(routes.filter((operation) => !described.includes(operation))).toEqual([]);
  });
});
