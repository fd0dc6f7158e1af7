import { SecretBox } from '@gatehouse/crypto';
import { createMigratedTestDatabase, type MigratedTestDatabase } from '@gatehouse/testing';
import { randomBytes } from 'node:crypto';
import { ALICE, insertWebhook, seedAccounts } from '../../testing/delivery.fixture';
import type { WebhookSubscriptionRecord } from '../ports/webhook-snapshot';
import { TypeOrmWebhookDirectory } from './typeorm-webhook-directory';

/** More than one page of loadPages (2,000 rows). */
const ROWS = 4_500;

/** Every page the directory yields, in order, as one list. */
async function loadAll(directory: TypeOrmWebhookDirectory) {
  const records: WebhookSubscriptionRecord[] = [];
  for await (const page of directory.loadPages()) records.push(...page);
  return records;
}

describe('TypeOrmWebhookDirectory on PostgreSQL', () => {
  const loadOne = async (id: string) => (await directory.load([id]))[0] ?? null;
  let database: MigratedTestDatabase;
  let directory: TypeOrmWebhookDirectory;
  let jobWebhookId: string;

  beforeAll(async () => {
    database = await createMigratedTestDatabase({ poolSize: 2 });
    await seedAccounts(database.dataSource);
    await database.dataSource.query(
      `INSERT INTO webhooks (id, owner_user_id, url, watched, domains)
       SELECT 'be0e' || lpad(to_hex(g), 20, '0'), $1, 'https://receiver.example/' || g, jsonb_build_array(jsonb_build_object('type', 'model', 'name', 'acme/model-' || g)),
              CASE g % 3 WHEN 0 THEN ARRAY['repo'] WHEN 1 THEN ARRAY['discussion', 'repo'] ELSE ARRAY[]::text[] END
         FROM generate_series(1, $2::int) AS g`,
      [ALICE, ROWS],
    );
    jobWebhookId = await insertWebhook(
      database.dataSource,
      SecretBox.fromBase64Key(randomBytes(32).toString('base64')),
      {
        job: { sourceId: null, spec: { command: ['echo'] }, secrets: { TOKEN: 'job-secret' } },
        watched: [{ type: 'org', name: 'acme' }],
      },
    );
    directory = new TypeOrmWebhookDirectory(database.dataSource);
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('loads every webhook once, in id order, across pages', async () => {
    const loaded = await loadAll(directory);
    const ids = loaded.map((webhook) => webhook.id);
    expect(loaded).toHaveLength(ROWS + 1);
    expect(new Set(ids).size).toBe(ROWS + 1);
    expect(ids).toEqual([...ids].sort());
    expect(
      loaded.find((webhook) => webhook.id === `be0e${(4320).toString(16).padStart(20, '0')}`),
    ).toEqual({
      id: `be0e${(4320).toString(16).padStart(20, '0')}`,
      ownerId: ALICE,
      watched: [{ type: 'model', name: 'acme/model-4320' }],
      domains: ['repo'],
      disabled: false,
      revision: 1,
      targetKind: 'url',
    });
    expect(loaded.find((webhook) => webhook.id === jobWebhookId)).toMatchObject({
      targetKind: 'job',
    });
  });

  it('reads one webhook in full: its URL or Job and its sealed secrets', async () => {
    expect(await loadOne(`be0e${(4320).toString(16).padStart(20, '0')}`)).toMatchObject({
      ownerId: ALICE,
      target: { kind: 'url', url: 'https://receiver.example/4320' },
      watched: [{ type: 'model', name: 'acme/model-4320' }],
      domains: ['repo'],
      sealedJobSecrets: {},
    });
    const job = await loadOne(jobWebhookId);
    expect(job).toMatchObject({ target: { kind: 'job', spec: { command: ['echo'] } } });
    expect(Object.keys(job!.sealedJobSecrets)).toEqual(['TOKEN']);
  });

  it('reads the stored domains canonically, an empty list as every domain', async () => {
    const loaded = new Map((await loadAll(directory)).map((webhook) => [webhook.id, webhook]));
    const row = (n: number) => loaded.get(`be0e${n.toString(16).padStart(20, '0')}`)!;
    expect([row(3).domains, row(4).domains, row(5).domains]).toEqual([
      ['repo'],
      ['repo', 'discussion'],
      ['repo', 'discussion'],
    ]);
  });

  it("shares one frozen list per set of domains and one empty set of Job secrets between webhooks, so no holder can change another's", async () => {
    const loaded = await loadAll(directory);
    const [first, second] = loaded.filter((webhook) => webhook.domains.length === 1);
    expect(first!.domains).toBe(second!.domains);
    expect(Object.isFrozen(first!.domains)).toBe(true);
    const [one, other] = await Promise.all([first!.id, second!.id].map((id) => loadOne(id)));
    expect(one!.domains).toBe(first!.domains);
    expect(one!.sealedJobSecrets).toBe(other!.sealedJobSecrets);
    expect(Object.isFrozen(one!.sealedJobSecrets)).toBe(true);
  });

  it('reads several webhooks in full at once, leaving out the ones without a row', async () => {
    const ids = [4320, 17, 9].map((n) => `be0e${n.toString(16).padStart(20, '0')}`);
    const loaded = await directory.load([...ids, 'be0effffffffffffffffffff']);
    expect(loaded.map((webhook) => webhook.id).sort()).toEqual([...ids].sort());
    expect(loaded.find((webhook) => webhook.id === ids[0])).toMatchObject({
      target: { kind: 'url', url: 'https://receiver.example/4320' },
    });
    expect(await directory.load([])).toEqual([]);
  });

  it('reads a rotation overlap: the sealed previous secret and its end, absent outside one', async () => {
    const id = `be0e${(7).toString(16).padStart(20, '0')}`;
    const until = new Date('2026-01-02T03:04:05.000Z');
    await database.dataSource.query(
      `UPDATE webhooks SET previous_secret_encrypted = 'sealed-previous', previous_secret_until = $2 WHERE id = $1`,
      [id, until],
    );
    expect((await loadOne(id))!.previousSecret).toEqual({
      sealed: 'sealed-previous',
      until,
    });
    expect(await loadOne(`be0e${(8).toString(16).padStart(20, '0')}`)).not.toHaveProperty(
      'previousSecret',
    );
  });
});
