export interface SeedIssue {
  /** Where in the seed document, e.g. `users[2].email`; empty for the document itself. */
  path: string;
  message: string;
}

/** A seed file that cannot be read, parsed, validated or applied; every issue names its place. */
export class SeedError extends Error {
  constructor(
    readonly issues: SeedIssue[],
    readonly source?: string,
  ) {
    const lines = issues.map((issue) =>
      issue.path ? `${issue.path}: ${issue.message}` : issue.message,
    );
    super(source ? `Invalid seed ${source}:\n  ${lines.join('\n  ')}` : lines.join('\n'));
    this.name = 'SeedError';
  }

  static at(path: string, message: string): SeedError {
    return new SeedError([{ path, message }]);
  }
}

/** `['users', 2, 'email']` -> `users[2].email`. */
export function formatSeedPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    const name = String(key);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return `${text}[${JSON.stringify(name)}]`;
    return text ? `${text}.${name}` : name;
  }, '');
}
