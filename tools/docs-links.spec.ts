import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const ROOT = join(__dirname, '..');
const TOP_FOLDERS = ['apps', 'libs', 'tools', 'e2e', 'k8s', 'deploy', 'docs', '.ci'];
/** A repository path as prose quotes it: a top folder, then path characters; placeholders excluded. */
const QUOTED_PATH = new RegExp(
  `(?<![\\w./@-])((?:${TOP_FOLDERS.map((folder) => folder.replace('.', '\\.')).join('|')})/[\\w./-]*[\\w/])(?![-*<{\\w])`,
  'g',
);
/** Outputs of a build, named in comments but absent from a clean clone. */
const GENERATED = ['dist/', 'libs/sdk/dist'];

function tracked(...patterns: string[]): string[] {
  return execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...patterns],
    { cwd: ROOT, encoding: 'utf8' },
  )
    .split('\n')
    .filter((file) => file !== '' && existsSync(join(ROOT, file)));
}

/** Every repository path a text names that does not exist, as `file: path`. */
function missingQuotedPaths(file: string, text: string): string[] {
  const missing: string[] = [];
  for (const [, path] of text.matchAll(QUOTED_PATH)) {
    const clean = path!.replace(/[.:]+$/, '');
    if (GENERATED.some((prefix) => clean.startsWith(prefix))) continue;
    if (!existsSync(join(ROOT, clean))) missing.push(`${file}: ${clean}`);
  }
  return missing;
}

/** Every relative Markdown link of a file whose target does not exist, as `file: target`. */
function brokenLinks(file: string, text: string): string[] {
  const broken: string[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^(?:[a-z][a-z0-9+.-]*:|#)/i.test(target!)) continue;
    const path = decodeURIComponent(target!.split('#')[0]!);
    if (!existsSync(join(ROOT, dirname(file), path))) broken.push(`${file}: ${target}`);
  }
  return broken;
}

/** The comment text of a TypeScript, shell or YAML file (line and block comments). */
function commentsOf(file: string, text: string): string {
  if (/\.(ya?ml|sh|conf)$/.test(file) || file === '.ci/run' || file.endsWith('Dockerfile')) {
    return text
      .split('\n')
      .filter((line) => line.trimStart().startsWith('#'))
      .join('\n');
  }
  const comments = [...text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/[^\n]*/g)].map(
    (match) => match[0],
  );
  return comments.join('\n');
}

// Every relative link and every repository path quoted in docs/, READMEs, manifests' comments and
// code comments names something that exists, so a move or rename cannot leave a page pointing at
// nothing (docs/architecture.md "How to add").
describe('docs links and quoted paths', () => {
  const markdown = tracked('*.md').filter((file) => !file.startsWith('node_modules/'));

  it('finds the documents it checks', () => {
    expect(markdown).toEqual(
      expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/security.md']),
    );
  });

  it('catches a planted broken link and a planted missing path, and passes over placeholders and URLs', () => {
    expect(
      brokenLinks(
        'docs/x.md',
        'See [the map](architecture.md), [gone](gone.md#part), [RFC](https://www.rfc-editor.org/rfc/rfc6749) and [here](#top).',
      ),
    ).toEqual(['docs/x.md: gone.md#part']);
    expect(
      missingQuotedPaths(
        'docs/x.md',
        'In `libs/domain/src/index.ts`, `libs/nowhere/file.ts`, `libs/<lib>/src/`, `libs/feature-*` and dist/apps/web.',
      ),
    ).toEqual(['docs/x.md: libs/nowhere/file.ts']);
    expect(
      missingQuotedPaths(
        'a.ts',
        commentsOf('a.ts', "// see docs/missing.md\nconst url = 'docs/not-a-comment.md';"),
      ),
    ).toEqual(['a.ts: docs/missing.md']);
  });

  it('every relative link in a Markdown file points at a file or folder that exists', () => {
    expect(
      markdown.flatMap((file) => brokenLinks(file, readFileSync(join(ROOT, file), 'utf8'))),
    ).toEqual([]);
  });

  it('every repository path quoted in a Markdown file exists', () => {
    const missing = markdown.flatMap((file) =>
      missingQuotedPaths(file, readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(missing).toEqual([]);
  });

  it('every repository path named in a comment of code, manifests or scripts exists', () => {
    const sources = tracked(
      '*.ts',
      '*.tsx',
      '*.mjs',
      '*.js',
      '*.yaml',
      '*.yml',
      '*.conf',
      'Dockerfile',
      '.ci/run',
    ).filter(
      (file) =>
        !file.startsWith('node_modules/') &&
        !file.startsWith('dist/') &&
        file !== relative(ROOT, __filename),
    );
    const missing = sources.flatMap((file) =>
      missingQuotedPaths(file, commentsOf(file, readFileSync(join(ROOT, file), 'utf8'))),
    );
    expect(missing).toEqual([]);
  });
});
