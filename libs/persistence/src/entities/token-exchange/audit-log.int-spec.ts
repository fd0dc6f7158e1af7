import { DataSource } from 'typeorm';
import { DATABASE_KINDS, openMigratedDataSource, testId } from '../../testing/test-databases';
import { sqlStateOf } from '../../testing/fixtures';
import { AuditLogEntryEntity } from './audit-log-entry.entity';

// PGlite runs Postgres in WASM: on a busy two-core machine one statement can take seconds.
jest.setTimeout(60_000);

const INSUFFICIENT_PRIVILEGE = '42501';

describe.each(DATABASE_KINDS)('audit_log on %s', (kind) => {
  let ds: DataSource;
  let dispose: () => Promise<void>;
  const orgId = testId();

  beforeAll(async () => {
    ({ ds, dispose } = await openMigratedDataSource(kind));
    await ds.manager.insert(AuditLogEntryEntity, [
      {
        orgId,
        seq: '1',
        action: 'token.exchange',
        outcome: 'success',
        detail: { scopes: ['openid'] },
        hash: 'a'.repeat(64),
      },
      {
        orgId,
        seq: '2',
        action: 'token.exchange',
        outcome: 'failure',
        errorCode: 'invalid_grant',
        prevHash: 'a'.repeat(64),
        hash: 'b'.repeat(64),
      },
    ]);
  }, 60_000);
  afterAll(() => dispose?.(), 60_000);

  it('keeps entries numbered per organization', async () => {
    const entries = await ds.manager.find(AuditLogEntryEntity, {
      where: { orgId },
      order: { seq: 'ASC' },
    });
    expect(entries.map((e) => [e.seq, e.outcome, e.errorCode, e.prevHash?.[0] ?? null])).toEqual([
      ['1', 'success', null, null],
      ['2', 'failure', 'invalid_grant', 'a'],
    ]);
    expect(
      await sqlStateOf(
        ds.manager.insert(AuditLogEntryEntity, {
          orgId,
          seq: '2',
          action: 'x',
          outcome: 'success',
          hash: 'c'.repeat(64),
        }),
      ),
    ).toBe('23505');
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    expect(
      await sqlStateOf(
        ds.query(`UPDATE audit_log SET action = 'forged' WHERE org_id = $1`, [orgId]),
      ),
    ).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await sqlStateOf(ds.query(`DELETE FROM audit_log WHERE org_id = $1`, [orgId]))).toBe(
      INSUFFICIENT_PRIVILEGE,
    );
    expect(await sqlStateOf(ds.query(`TRUNCATE audit_log`))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await ds.manager.countBy(AuditLogEntryEntity, { orgId })).toBe(2);
  });

  it('lets a test corrupt an entry only with the triggers lifted (for chain-verification tests)', async () => {
    await ds.query(`ALTER TABLE audit_log DISABLE TRIGGER USER`);
    try {
      await ds.query(`UPDATE audit_log SET action = 'forged' WHERE org_id = $1 AND seq = 2`, [
        orgId,
      ]);
    } finally {
      await ds.query(`ALTER TABLE audit_log ENABLE TRIGGER USER`);
    }
    const forged = await ds.manager.findOneByOrFail(AuditLogEntryEntity, { orgId, seq: '2' });
    expect(forged.action).toBe('forged');
    expect(await sqlStateOf(ds.query(`DELETE FROM audit_log WHERE org_id = $1`, [orgId]))).toBe(
      INSUFFICIENT_PRIVILEGE,
    );
  });
});
