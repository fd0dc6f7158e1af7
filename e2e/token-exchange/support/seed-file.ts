import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { WORKSPACE_ROOT } from '@gatehouse/testing';

/** The demo seed (alice admin and bob read in acme, the acme token-exchange app) plus `extra` trusted publishers. */
export function writeDemoSeed(
  path: string,
  trustedPublishers: Array<Record<string, unknown>>,
): string {
  const demo = parse(
    readFileSync(join(WORKSPACE_ROOT, 'libs/persistence/seed/demo.yaml'), 'utf8'),
  ) as Record<string, unknown[]>;
  demo.trustedPublishers = [...(demo.trustedPublishers ?? []), ...trustedPublishers];
  writeFileSync(path, stringify(demo));
  return path;
}

/** Values of the demo seed the tests rely on. */
export const DEMO = {
  clientId: '6b1c2d3e-4f50-4a61-8b72-9c83d4e5f607',
  clientSecret: 'acme-exchange-secret-0123456789',
  aliceWriteToken: 'hf_demoAliceWriteToken000000000000000',
} as const;

export const USER_EMAIL = 'urn:huggingface:token-type:user-email';
