import { WORKSPACE_ROOT } from '@gatehouse/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  IMAGE_MALLOC_ENVIRONMENT,
  IMAGE_NODE_OPTIONS,
  withImageNodeOptions,
} from './image-node-options';

describe('the image NODE_OPTIONS the bench starts Gatehouse with', () => {
  it('are the ones the Dockerfile sets', () => {
    const dockerfile = readFileSync(join(WORKSPACE_ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain(`ENV NODE_OPTIONS="${IMAGE_NODE_OPTIONS}"`);
  });

  it('come with the malloc environment the Dockerfile sets', () => {
    const dockerfile = readFileSync(join(WORKSPACE_ROOT, 'Dockerfile'), 'utf8');
    for (const [name, value] of Object.entries(IMAGE_MALLOC_ENVIRONMENT))
      expect(dockerfile).toContain(`ENV ${name}=${value}`);
  });

  it('are the ones `npm start` runs the all-in-one with, so a local run sizes its heap as the image does', () => {
    const { scripts } = JSON.parse(readFileSync(join(WORKSPACE_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts['start']).toContain(
      `node ${IMAGE_NODE_OPTIONS} dist/apps/gatehouse/src/main.js`,
    );
  });

  it('come after the bench own options, which they keep', () => {
    expect(withImageNodeOptions('--require ./probe.js')).toBe(
      `--require ./probe.js ${IMAGE_NODE_OPTIONS}`,
    );
    expect(withImageNodeOptions(undefined)).toBe(IMAGE_NODE_OPTIONS);
    expect(withImageNodeOptions('')).toBe(IMAGE_NODE_OPTIONS);
  });
});
