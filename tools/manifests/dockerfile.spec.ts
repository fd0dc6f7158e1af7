import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDockerfileConventions, parseDockerfileStages } from './dockerfile-conventions';

const ROOT = join(__dirname, '..', '..');
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');

describe('Dockerfile', () => {
  it('builds on node:20-slim and runs one non-root production image', () => {
    expect(parseDockerfileStages(dockerfile).map((stage) => stage.image)).toEqual([
      'node:20-slim',
      'node:20-slim',
    ]);
    expect(checkDockerfileConventions(dockerfile)).toEqual([]);
  });

  it.each([
    [
      'a runtime stage running as root',
      (text: string) => text.replace('USER 1000:1000', 'USER root'),
      [
        'Dockerfile: the runtime stage must switch to a numeric non-root USER (runAsNonRoot checks it)',
      ],
    ],
    [
      'dev dependencies left in',
      (text: string) => text.replace(' && npm prune --omit=dev --no-audit --no-fund', ''),
      ['Dockerfile: the build stage must run npm prune --omit=dev'],
    ],
    [
      'another base image',
      (text: string) => text.replace('ARG NODE_IMAGE=node:20-slim', 'ARG NODE_IMAGE=node:22'),
      [
        'Dockerfile: stage FROM node:22 is not node:20-slim',
        'Dockerfile: stage FROM node:22 is not node:20-slim',
      ],
    ],
    [
      'a development runtime',
      (text: string) => text.replace('ENV NODE_ENV=production', 'ENV NODE_ENV=development'),
      ['Dockerfile: the runtime stage must set NODE_ENV=production'],
    ],
  ])('names %s', (_case, mutate, problems) => {
    const broken = mutate(dockerfile);
    expect(broken).not.toBe(dockerfile);
    expect(checkDockerfileConventions(broken)).toEqual(problems);
  });
});

describe('.dockerignore', () => {
  it('keeps dependencies, build output, git history and local secrets out of the build context', () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));

    expect(ignored).toEqual(
      expect.arrayContaining(['node_modules', 'dist', '.git', '.env', '.env.*', '.gatehouse']),
    );
  });
});
