import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  adaptersNotNamedAfterTheirPort,
  classesInTheWrongFile,
  contractsAwayFromTheirPort,
  dashedRoles,
  fileNameProblems,
  roleOfFile,
  type SourceFile,
  useCasesWithMoreThanExecute,
} from './file-names';

const ROOT = join(__dirname, '..', '..');
const file = (path: string, source = ''): SourceFile => ({ path, source });

describe('file names (docs/architecture.md "File names")', () => {
  it.each([
    ['libs/x/src/apps/ports/oauth-app.store.ts', 'store'],
    ['libs/x/src/apps/ports/oauth-app.store.contract.ts', 'store'],
    ['libs/x/src/webhooks/create-webhook.use-case.spec.ts', 'use-case'],
    ['libs/x/src/apps/apps.module.ts', 'module'],
    ['libs/x/src/apps/app-input.ts', null],
  ])('reads the role of %s as %s', (path, role) => {
    expect(roleOfFile(path)).toBe(role);
  });

  it('refuses a role written with a dash', () => {
    expect(
      dashedRoles([
        file('libs/x/src/apps/ports/oauth-app-store.ts'),
        file('libs/x/src/apps/ports/oauth-app-store.contract.ts'),
        file('libs/x/src/apps/ports/oauth-app.store.ts'),
      ]),
    ).toEqual([
      'libs/x/src/apps/ports/oauth-app-store.ts: write the role after a dot: oauth-app.store.ts',
      'libs/x/src/apps/ports/oauth-app-store.contract.ts: write the role after a dot: oauth-app.store.contract.ts',
    ]);
  });

  it('refuses a class whose name and file disagree on its role', () => {
    expect(
      classesInTheWrongFile([
        file('libs/x/src/apps/ports/apps.ts', 'export abstract class OAuthAppStore {}'),
        file('libs/x/src/apps/apps.service.ts', 'export class AppsController {}'),
        file('libs/x/src/apps/apps.controller.ts', 'export class AppsController {}'),
        file('libs/x/src/testing/in-memory-apps.ts', 'export class InMemoryOAuthAppStore {}'),
      ]),
    ).toEqual([
      'libs/x/src/apps/ports/apps.ts: class OAuthAppStore belongs in a file named <subject>.store.ts',
      'libs/x/src/apps/apps.service.ts: class AppsController belongs in a file named <subject>.controller.ts',
    ]);
  });

  it('refuses a use case with a public method other than execute', () => {
    const twoMethods = [
      'export class ReadWebhooks {',
      '  constructor(private readonly webhooks: WebhookRepository) {}',
      '  async list(principal: Principal) {}',
      '  async get(principal: Principal, id: string) {}',
      '}',
    ].join('\n');
    const oneMethod = [
      'export class GetWebhook {',
      '  constructor(private readonly webhooks: WebhookRepository) {}',
      '  async execute(principal: Principal, id: string) {}',
      '  private owner() {}',
      '}',
    ].join('\n');
    expect(
      useCasesWithMoreThanExecute([
        file('libs/x/src/webhooks/read-webhooks.use-case.ts', twoMethods),
        file('libs/x/src/webhooks/get-webhook.use-case.ts', oneMethod),
      ]),
    ).toEqual([
      "libs/x/src/webhooks/read-webhooks.use-case.ts: a use case's one public method is execute (found list, get); split it, or make it a <subject>.service.ts",
    ]);
  });

  it('refuses an adapter not named after a port of its capability', () => {
    expect(
      adaptersNotNamedAfterTheirPort([
        file('libs/x/src/apps/ports/oauth-app.store.ts', 'export abstract class OAuthAppStore {}'),
        file('libs/x/src/apps/infrastructure/typeorm-oauth-app.store.ts', 'export class A {}'),
        file('libs/x/src/apps/infrastructure/typeorm-apps.ts', 'export class B {}'),
        file('libs/x/src/apps/infrastructure/app-row.ts', 'export function rowOf() {}'),
      ]),
    ).toEqual([
      'libs/x/src/apps/infrastructure/typeorm-apps.ts: an adapter is named <technology>-<port file>, one of oauth-app.store.ts',
    ]);
  });

  it('refuses a contract suite away from its port', () => {
    expect(
      contractsAwayFromTheirPort([
        file('libs/x/src/apps/ports/oauth-app.store.ts'),
        file('libs/x/src/apps/ports/oauth-app.store.contract.ts'),
        file('libs/x/src/apps/oauth-apps.contract.ts'),
      ]),
    ).toEqual([
      'libs/x/src/apps/oauth-apps.contract.ts: a contract suite sits beside its port, oauth-apps.ts',
    ]);
  });

  it('holds for every file in apps/, libs/, tools/ and e2e/', () => {
    const paths = execFileSync(
      'git',
      ['ls-files', '-co', '--exclude-standard', 'apps', 'libs', 'tools', 'e2e'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    )
      .split('\n')
      .filter((path) => /\.tsx?$/.test(path));
    const files = paths.flatMap((path) => {
      try {
        return [file(path, readFileSync(join(ROOT, path), 'utf8'))];
      } catch {
        return []; // listed by git but deleted in the working tree
      }
    });
    expect(fileNameProblems(files)).toEqual([]);
  });
});
