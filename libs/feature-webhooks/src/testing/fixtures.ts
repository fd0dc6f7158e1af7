import { hashToken, SecretBox } from '@gatehouse/crypto';
import {
  AccessTokenEntity,
  JobEntity,
  PersonalAccessTokenEntity,
  UserEntity,
} from '@gatehouse/persistence';
import { jobSecretContext } from '@gatehouse/persistence/testing';
import type { Permission } from '@gatehouse/domain';
import { DataSource } from 'typeorm';

export const ALICE = { id: '64a000000000000000000a11', username: 'alice' };
const BOB = { id: '64b000000000000000000b0b', username: 'bob' };
export const ALICE_JOB_ID = '66a1f0c0d0e0f0a0b0c0d0e1';
export const BOB_JOB_ID = '66a1f0c0d0e0f0a0b0c0d0e2';
export const SOURCE_JOB_SECRET = 'source-job-secret-value';

/** Bearer tokens of the seeded callers (the rows store only their SHA-256). */
export const TOKENS = {
  aliceWrite: 'hf_aliceWriteToken0000000000000000000',
  aliceRead: 'hf_aliceReadToken00000000000000000000',
  bobWrite: 'hf_bobWriteToken000000000000000000000',
  aliceOAuthWebhooks: 'hf_oauth_aliceWebhooksScope00000000000',
  aliceOAuthNoWebhooks: 'hf_oauth_aliceNoWebhooksScope000000000',
  aliceExchange: 'hf_oauth_aliceExchangeToken0000000000',
  /** Fine-grained: `user.webhooks.read` alone, `user.webhooks.write` (in Alice's `user` entry), repositories only. */
  aliceWebhooksRead: 'hf_aliceFineWebhooksRead000000000000',
  aliceWebhooksWrite: 'hf_aliceFineWebhooksWrite00000000000',
  aliceReposOnly: 'hf_aliceFineReposOnly000000000000000',
} as const;

/** Users, their tokens and source Jobs, as the identity lib looks them up. */
export async function seedCallers(dataSource: DataSource, encryptionKey: string): Promise<void> {
  const manager = dataSource.manager;
  for (const user of [ALICE, BOB]) {
    await manager.insert(UserEntity, {
      ...user,
      email: `${user.username}@example.com`,
      fullname: user.username,
      passwordHash: 'unused',
    });
  }
  const personal = (
    id: string,
    userId: string,
    token: string,
    role: 'read' | 'write' | 'fineGrained',
    fineGrained: PersonalAccessTokenEntity['fineGrained'] = null,
  ) =>
    manager.insert(PersonalAccessTokenEntity, {
      id,
      userId,
      tokenHash: hashToken(token),
      name: `${role} token`,
      role,
      fineGrained,
    });
  const fineGrained = (global: Permission[], own: Permission[] = []) => ({
    global,
    scoped: own.length
      ? [
          {
            entity: { type: 'user' as const, id: ALICE.id, name: ALICE.username },
            permissions: own,
          },
        ]
      : [],
    canReadGatedRepos: false,
  });
  await personal(
    '64c000000000000000000004',
    ALICE.id,
    TOKENS.aliceWebhooksRead,
    'fineGrained',
    fineGrained(['user.webhooks.read']),
  );
  await personal(
    '64c000000000000000000005',
    ALICE.id,
    TOKENS.aliceWebhooksWrite,
    'fineGrained',
    fineGrained([], ['user.webhooks.write']),
  );
  await personal(
    '64c000000000000000000006',
    ALICE.id,
    TOKENS.aliceReposOnly,
    'fineGrained',
    fineGrained(['repo.write', 'repo.content.read']),
  );
  await personal('64c000000000000000000001', ALICE.id, TOKENS.aliceWrite, 'write');
  await personal('64c000000000000000000002', ALICE.id, TOKENS.aliceRead, 'read');
  await personal('64c000000000000000000003', BOB.id, TOKENS.bobWrite, 'write');
  const access = (id: string, token: string, kind: 'oauth' | 'exchange', scopes: string[]) =>
    manager.insert(AccessTokenEntity, {
      id,
      kind,
      tokenHash: hashToken(token),
      userId: ALICE.id,
      clientId: 'test-app',
      scopes,
      role: kind === 'exchange' ? 'admin' : null,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
  await access('64d000000000000000000001', TOKENS.aliceOAuthWebhooks, 'oauth', [
    'openid',
    'profile',
    'webhooks',
  ]);
  await access('64d000000000000000000002', TOKENS.aliceOAuthNoWebhooks, 'oauth', [
    'openid',
    'profile',
    'read-repos',
  ]);
  await access('64d000000000000000000003', TOKENS.aliceExchange, 'exchange', ['webhooks']);

  const box = SecretBox.fromBase64Key(encryptionKey);
  const job = (id: string, ownerUserId: string) =>
    manager.insert(JobEntity, {
      id,
      ownerUserId,
      command: ['python', '-c', "import os; print(os.environ['WEBHOOK_PAYLOAD'])"],
      dockerImage: 'python:3.12-slim',
      environment: { LOG_LEVEL: 'info' },
      secretsEncrypted: {
        SOURCE_ONLY: box.encrypt(SOURCE_JOB_SECRET, jobSecretContext(id, 'SOURCE_ONLY')),
      },
      flavor: 'cpu-basic',
      timeoutSeconds: 600,
    });
  await job(ALICE_JOB_ID, ALICE.id);
  await job(BOB_JOB_ID, BOB.id);
}
