import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDockerfileConventions, parseDockerfileStages } from './dockerfile-conventions';

const ROOT = join(__dirname, '..', '..');
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');

describe('Dockerfile', () => {
  it('builds once on node:20-slim, then one non-root production image of one service', () => {
    expect(
      parseDockerfileStages(dockerfile).map((stage) => `${stage.name} FROM ${stage.image}`),
    ).toEqual([
      'build FROM node:20-slim',
      'code FROM build',
      'dependencies FROM node:20-slim',
      'runtime FROM node:20-slim',
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
      (text: string) => text.replace('npm ci --omit=dev', 'npm ci'),
      [
        'Dockerfile: a node:20-slim stage must run npm ci --omit=dev on deploy/images/${SERVICE}/package.json and package-lock.json alone',
        "Dockerfile: the runtime stage must take node_modules from the service's dependencies stage",
      ],
    ],
    [
      "every package: the build stage's node_modules in the runtime",
      (text: string) =>
        text.replace(
          'COPY --from=dependencies /app/node_modules',
          'COPY --from=build /app/node_modules',
        ),
      [
        "Dockerfile: the runtime stage must take node_modules from the service's dependencies stage",
        'Dockerfile: the runtime stage copies /app/node_modules from build, which holds every package; take them from dependencies or code',
      ],
    ],
    [
      "the root's lock installed instead of the service's",
      (text: string) =>
        text.replace(
          'COPY deploy/images/${SERVICE}/package.json deploy/images/${SERVICE}/package-lock.json ./',
          'COPY package.json package-lock.json ./',
        ),
      [
        'Dockerfile: a node:20-slim stage must run npm ci --omit=dev on deploy/images/${SERVICE}/package.json and package-lock.json alone',
      ],
    ],
    [
      'all of dist/',
      (text: string) =>
        text.replace('COPY --from=code /out/dist ./dist', 'COPY --from=build /app/dist ./dist'),
      [
        "Dockerfile: the runtime stage must take dist from the stage that picks the service's files",
        'Dockerfile: the runtime stage copies /app/dist from build, which holds every package; take them from dependencies or code',
      ],
    ],
    [
      'a command that forgets the service',
      (text: string) => text.replace('ENV SERVICE=${SERVICE}', 'ENV APP=${SERVICE}'),
      [
        "Dockerfile: the runtime stage's command must run dist/apps/${SERVICE}/src/main.js, with ARG SERVICE and ENV SERVICE=${SERVICE}",
      ],
    ],
    [
      'another base image',
      (text: string) => text.replace('ARG NODE_IMAGE=node:20-slim', 'ARG NODE_IMAGE=node:22'),
      [
        'Dockerfile: stage FROM node:22 is not node:20-slim',
        'Dockerfile: stage FROM node:22 is not node:20-slim',
        'Dockerfile: stage FROM node:22 is not node:20-slim',
        'Dockerfile: a node:20-slim stage must run npm ci --omit=dev on deploy/images/${SERVICE}/package.json and package-lock.json alone',
        'Dockerfile: the runtime stage must start from node:20-slim, not another stage',
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
