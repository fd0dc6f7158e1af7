import { ApiError } from '@gatehouse/domain';
import type { Principal } from '@gatehouse/identity';
import {
  createTokenExchangeTestKit,
  IDS,
  TokenExchangeTestKit,
} from '../testing/token-exchange-test-kit';
import { decodeAuditCursor, encodeAuditCursor } from './audit-log-cursor';

const admin = {
  tokenId: 't',
  kind: 'personal',
  role: 'read',
  user: { id: IDS.alice },
} as Principal;

describe('reading the audit log', () => {
  let kit: TokenExchangeTestKit;

  beforeEach(async () => {
    kit = createTokenExchangeTestKit();
    kit.directory.addOrganization(IDS.acme, 'acme');
    kit.directory.addOrganization(IDS.other, 'other');
    kit.addUser(IDS.alice, 'alice');
    kit.addMember(IDS.acme, IDS.alice, 'admin');
    for (let i = 0; i < 5; i++) {
      await kit.audit.recordAlone({
        orgId: IDS.acme,
        action: i % 2 ? 'settings.token_duration_changed' : 'oauth.token_exchange',
        outcome: 'success',
      });
      kit.clock.advance(1000);
    }
    await kit.audit.recordAlone({
      orgId: IDS.other,
      action: 'oauth.token_exchange',
      outcome: 'failure',
      errorCode: 'invalid_grant',
    });
  });

  it('pages newest first with a cursor', async () => {
    const first = await kit.auditLog.read(admin, 'acme', { limit: 2 });
    expect(first.entries.map((e) => e.seq)).toEqual([5, 4]);
    expect(first.nextCursor).toBe(encodeAuditCursor(4));
    const second = await kit.auditLog.read(admin, 'acme', { limit: 2, cursor: first.nextCursor! });
    expect(second.entries.map((e) => e.seq)).toEqual([3, 2]);
    const last = await kit.auditLog.read(admin, 'acme', { limit: 2, cursor: second.nextCursor! });
    expect(last).toMatchObject({ entries: [{ seq: 1 }], nextCursor: null });
  });

  it('filters by action', async () => {
    const page = await kit.auditLog.read(admin, 'acme', {
      action: 'settings.token_duration_changed',
    });
    expect(page.entries.map((e) => [e.seq, e.action])).toEqual([
      [4, 'settings.token_duration_changed'],
      [2, 'settings.token_duration_changed'],
    ]);
    expect(page.entries[0]).toEqual({
      id: expect.any(String),
      seq: 4,
      action: 'settings.token_duration_changed',
      outcome: 'success',
      errorCode: null,
      clientId: null,
      actorUserId: null,
      subject: null,
      detail: {},
      createdAt: '2026-01-01T12:00:03.000Z',
      prevHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it("shows one organization's entries only, to its admins only", async () => {
    const denied = await kit.auditLog.read(admin, 'other', {}).catch((error: unknown) => error);
    expect(denied).toEqual(new ApiError('not_found', 'Organization other not found'));
  });

  it('refuses a forged cursor', () => {
    expect(decodeAuditCursor(encodeAuditCursor(17))).toBe(17);
    for (const cursor of ['', 'c2VxOjA', 'c2VxOi0x', 'bm9wZQ', 'not base64!']) {
      expect(() => decodeAuditCursor(cursor)).toThrow(
        new ApiError('bad_request', 'Invalid cursor'),
      );
    }
  });
});
