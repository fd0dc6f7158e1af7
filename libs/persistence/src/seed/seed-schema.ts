import { classifyToken } from '@gatehouse/domain';
import { z } from 'zod';
import { SeedError, formatSeedPath } from './seed.error';

const name = z
  .string()
  .min(1)
  .max(96)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    'Must start with a letter or digit and use only letters, digits, ".", "_" and "-"',
  );
const objectIdPattern = /^[0-9a-f]{24}$/;
const nonEmpty = z.string().min(1);
const stringMap = z.record(z.string().min(1), z.string());
const MAX_TOKEN_DURATION_SECONDS = 30 * 24 * 3600; // docs/oauth.md "Token formats and lifetimes": at most 30 days

const user = z.strictObject({
  username: name,
  email: z.email(),
  fullname: nonEmpty,
  password: z.string().min(8, 'Too short: at least 8 characters'),
  isPro: z.boolean().default(false),
  avatarUrl: z.url().optional(),
  /** A platform administrator: may call the admin API (docs/admin-api.md). */
  platformAdmin: z.boolean().default(false),
});

const organization = z.strictObject({
  name,
  fullname: nonEmpty,
  plan: z.enum(['free', 'team', 'enterprise']),
  members: z
    .array(
      z.strictObject({ username: name, role: z.enum(['admin', 'write', 'contributor', 'read']) }),
    )
    .default([]),
});

const app = z.strictObject({
  name: nonEmpty,
  owner: name,
  clientId: nonEmpty.optional(),
  clientSecret: z.string().min(16, 'Too short: at least 16 characters').optional(),
  redirectUris: z.array(z.url()).default([]),
  scopes: z.array(nonEmpty).default([]),
  tokenExchange: z
    .strictObject({
      organization: name,
      tokenDurationSeconds: z
        .int()
        .min(60)
        .max(MAX_TOKEN_DURATION_SECONDS)
        .default(8 * 3600),
    })
    .optional(),
});

const accessToken = z.strictObject({
  user: name,
  name: nonEmpty,
  role: z.enum(['read', 'write']),
  // The same rule the bearer check applies: a seeded token it would never classify could not sign anyone in.
  token: z
    .string()
    .refine(
      (token) => classifyToken(token) === 'personal',
      'Must be "hf_" followed by 22 to 128 letters or digits',
    ),
});

const job = z.strictObject({
  id: z.string().regex(objectIdPattern, 'Must be 24 lower-case hex characters'),
  owner: name,
  command: z.array(z.string()).min(1),
  image: nonEmpty.optional(),
  env: stringMap.default({}),
  secrets: stringMap.default({}),
});

const trustedPublisher = z.strictObject({
  issuer: z.url(),
  jwksUri: z.url(),
  audience: nonEmpty,
  conditions: stringMap.default({}),
  repository: z.strictObject({
    type: z.enum(['model', 'dataset', 'space']),
    name: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*\/[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Must be "owner/name"'),
  }),
});

/** Every list may be absent; a seed declares state and is applied idempotently. */
const seedDocumentSchema = z
  .strictObject({
    users: z.array(user).default([]),
    organizations: z.array(organization).default([]),
    apps: z.array(app).default([]),
    accessTokens: z.array(accessToken).default([]),
    jobs: z.array(job).default([]),
    trustedPublishers: z.array(trustedPublisher).default([]),
  })
  .superRefine((seed, ctx) => {
    const unique = <T>(
      list: T[],
      at: PropertyKey[],
      field: string,
      keyOf: (item: T) => string | undefined,
    ) => {
      const seen = new Map<string, number>();
      list.forEach((item, index) => {
        const key = keyOf(item);
        if (key === undefined) return;
        const first = seen.get(key);
        if (first === undefined) seen.set(key, index);
        else
          ctx.addIssue({
            code: 'custom',
            path: [...at, index, field],
            message: `Duplicate of ${formatSeedPath([...at, first, field])}`,
          });
      });
    };
    unique(seed.users, ['users'], 'username', (u) => u.username.toLowerCase());
    unique(seed.users, ['users'], 'email', (u) => u.email.toLowerCase());
    unique(seed.organizations, ['organizations'], 'name', (o) => o.name.toLowerCase());
    unique(seed.apps, ['apps'], 'clientId', (a) => a.clientId);
    unique(seed.accessTokens, ['accessTokens'], 'token', (t) => t.token);
    unique(seed.jobs, ['jobs'], 'id', (j) => j.id);
    unique(
      seed.trustedPublishers,
      ['trustedPublishers'],
      'repository',
      (p) => `${p.issuer} ${p.repository.type}/${p.repository.name}`,
    );
    seed.organizations.forEach((org, index) =>
      unique(org.members, ['organizations', index, 'members'], 'username', (m) =>
        m.username.toLowerCase(),
      ),
    );
  });

export type SeedDocument = z.output<typeof seedDocumentSchema>;
export type SeedInput = z.input<typeof seedDocumentSchema>;

/** Validates a parsed seed document; the error lists every issue by its path in the document. */
export function parseSeedDocument(data: unknown, source?: string): SeedDocument {
  const result = seedDocumentSchema.safeParse(data ?? {});
  if (result.success) return result.data;
  throw new SeedError(
    result.error.issues.map((issue) => ({
      path: formatSeedPath(issue.path),
      message: issue.message,
    })),
    source,
  );
}
