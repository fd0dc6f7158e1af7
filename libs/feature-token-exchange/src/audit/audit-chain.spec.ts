import { createHash } from 'node:crypto';
import { auditEntryHash, chainAuditEntry } from './audit-chain';
import { verifyAuditChain } from '../testing/verify-audit-chain';
import type { AuditEntry, AuditEntryDraft } from './audit-entry';

const ORG = 'a0000000000000000000acme';
const T0 = Date.UTC(2026, 0, 1, 12);

function chain(drafts: Array<Partial<AuditEntryDraft>>): AuditEntry[] {
  const entries: AuditEntry[] = [];
  for (const [index, draft] of drafts.entries()) {
    const head = entries.at(-1) ?? null;
    const chained = chainAuditEntry(
      head,
      { orgId: ORG, action: 'oauth.token_exchange', outcome: 'success', ...draft },
      new Date(T0 + index * 1000),
    );
    entries.push({ ...chained, id: String(100 + index), mac: null });
  }
  return entries;
}

describe('the audit hash chain', () => {
  it('hashes sha256(prev_hash + RFC 8785 canonical JSON of the entry)', () => {
    const [first, second] = chain([
      {
        clientId: 'app',
        subject: 'alice@example.com',
        detail: { scopes: ['openid'], b: 1, a: 'x' },
      },
      {},
    ]);
    const canonical =
      '{"action":"oauth.token_exchange","actorUserId":null,"clientId":"app","createdAt":"2026-01-01T12:00:00.000Z",' +
      '"detail":{"a":"x","b":1,"scopes":["openid"]},"errorCode":null,"orgId":"a0000000000000000000acme","outcome":"success",' +
      '"prevHash":null,"seq":1,"subject":"alice@example.com"}';
    expect(first!.hash).toBe(createHash('sha256').update(canonical).digest('hex'));
    expect(second!.prevHash).toBe(first!.hash);
    expect(second!.seq).toBe(2);
    const secondCanonical =
      '{"action":"oauth.token_exchange","actorUserId":null,"clientId":null,"createdAt":"2026-01-01T12:00:01.000Z",' +
      `"detail":{},"errorCode":null,"orgId":"a0000000000000000000acme","outcome":"success","prevHash":"${first!.hash}","seq":2,"subject":null}`;
    expect(second!.hash).toBe(
      createHash('sha256')
        .update(first!.hash + secondCanonical)
        .digest('hex'),
    );
  });

  it('does not depend on the key order of the detail (jsonb reorders keys)', () => {
    const [a] = chain([{ detail: { x: 1, y: { p: 1, q: 2 } } }]);
    const [b] = chain([{ detail: { y: { q: 2, p: 1 }, x: 1 } }]);
    expect(a!.hash).toBe(b!.hash);
  });

  it('verifies an intact chain', () => {
    expect(verifyAuditChain(chain([{}, {}, {}]))).toEqual({ intact: true, checked: 3 });
    expect(verifyAuditChain([])).toEqual({ intact: true, checked: 0 });
  });

  it('names an edited entry', () => {
    const entries = chain([{}, {}, {}, {}]);
    entries[2] = { ...entries[2]!, action: 'oauth.forged' };
    expect(verifyAuditChain(entries)).toEqual({
      intact: false,
      checked: 2,
      brokenAt: {
        seq: 3,
        id: '102',
        problem: 'hash_mismatch',
        message: 'entry seq 3 (id 102): content does not match its hash (the entry was changed)',
      },
    });
  });

  it('names the entry after one rewritten together with its hash', () => {
    const entries = chain([{}, {}, {}]);
    const { id, hash: _hash, ...fields } = { ...entries[1]!, outcome: 'failure' as const };
    entries[1] = { ...fields, id, hash: auditEntryHash(fields) };
    expect(verifyAuditChain(entries)).toMatchObject({
      intact: false,
      checked: 2,
      brokenAt: {
        seq: 3,
        problem: 'prev_hash_mismatch',
        message: 'entry seq 3 (id 102): prev_hash is not the hash of entry seq 2',
      },
    });
  });

  it('names the entry after a deleted one', () => {
    const entries = chain([{}, {}, {}, {}, {}]);
    entries.splice(1, 2);
    expect(verifyAuditChain(entries)).toMatchObject({
      intact: false,
      checked: 1,
      brokenAt: {
        seq: 4,
        id: '103',
        problem: 'sequence_gap',
        message: 'entry seq 4 (id 103): entries seq 2 to 3 are missing',
      },
    });
    expect(verifyAuditChain(chain([{}, {}]).slice(1))).toMatchObject({
      brokenAt: { seq: 2, message: 'entry seq 2 (id 101): entry seq 1 is missing' },
    });
  });

  it('refuses a first entry that claims a predecessor', () => {
    const [first] = chain([{}]);
    const { id, hash: _hash, ...fields } = { ...first!, prevHash: 'f'.repeat(64) };
    expect(verifyAuditChain([{ ...fields, id, hash: auditEntryHash(fields) }])).toMatchObject({
      brokenAt: {
        seq: 1,
        problem: 'prev_hash_mismatch',
        message: 'entry seq 1 (id 100): the first entry has a prev_hash',
      },
    });
  });
});
