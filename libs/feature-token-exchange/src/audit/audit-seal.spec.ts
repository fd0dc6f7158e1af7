import { createHmac, hkdfSync } from 'node:crypto';
import { chainAuditEntry } from './audit-chain';
import { verifyAuditChain } from '../testing/verify-audit-chain';
import type { AuditEntry } from './audit-entry';
import { AuditSeal } from './audit-seal';

const ORG = 'a0000000000000000000acme';
const T0 = Date.UTC(2026, 0, 1, 12);
const KEY = Buffer.alloc(32, 3).toString('base64');
const seal = AuditSeal.fromEncryptionKey(KEY);

/** Entries 1..n of ORG; the first `unsealed` of them as written before entries were sealed. */
function chain(n: number, options: { unsealed?: number; by?: AuditSeal } = {}): AuditEntry[] {
  const entries: AuditEntry[] = [];
  for (let index = 0; index < n; index++) {
    const head = entries.at(-1) ?? null;
    const chained = chainAuditEntry(
      head,
      {
        orgId: ORG,
        action: 'oauth.token_exchange',
        outcome: 'success',
        subject: `user${index}@example.com`,
      },
      new Date(T0 + index * 1000),
    );
    const mac =
      index < (options.unsealed ?? 0) ? null : (options.by ?? seal).entryMac(chained.hash);
    entries.push({ ...chained, mac, id: String(100 + index) });
  }
  return entries;
}

const headOf = (entries: AuditEntry[], by = seal) =>
  by.sealHead(ORG, entries.at(-1)!.seq, entries.at(-1)!.hash);

describe('AuditSeal', () => {
  it('is HMAC-SHA256 under a key derived (HKDF-SHA256) from the encryption key, which the database does not hold', () => {
    const derived = Buffer.from(
      hkdfSync(
        'sha256',
        Buffer.from(KEY, 'base64'),
        Buffer.alloc(0),
        'gatehouse audit-log seal v1',
        32,
      ),
    );
    expect(seal.entryMac('ab'.repeat(32))).toBe(
      createHmac('sha256', derived)
        .update(`entry\n${'ab'.repeat(32)}`)
        .digest('hex'),
    );
    expect(seal.sealHead(ORG, 7, 'cd'.repeat(32))).toEqual({
      orgId: ORG,
      seq: 7,
      hash: 'cd'.repeat(32),
      mac: createHmac('sha256', derived)
        .update(`head\n${ORG}\n7\n${'cd'.repeat(32)}`)
        .digest('hex'),
    });
  });
});

describe('verifying a sealed chain', () => {
  it('holds for a sealed chain and its head, and for entries from before sealing began', () => {
    const entries = chain(5, { unsealed: 2 });
    expect(verifyAuditChain(entries, { seal, head: headOf(entries) })).toEqual({
      intact: true,
      checked: 5,
    });
    expect(verifyAuditChain(chain(3, { unsealed: 3 }), { seal, head: null })).toEqual({
      intact: true,
      checked: 3,
    });
  });

  it('detects a cut tail: the sealed head names an entry that is gone', () => {
    const entries = chain(6);
    const head = headOf(entries);
    expect(verifyAuditChain(entries.slice(0, 4), { seal, head })).toEqual({
      intact: false,
      checked: 4,
      brokenAt: {
        seq: 5,
        id: null,
        problem: 'truncated',
        message:
          'entries seq 5 to 6 are missing: the sealed head of the log is seq 6 (the end of the log was cut)',
      },
    });
  });

  it('detects a cut tail whose head was removed too', () => {
    expect(verifyAuditChain(chain(3), { seal, head: null })).toMatchObject({
      intact: false,
      checked: 3,
      brokenAt: {
        problem: 'truncated',
        message: 'the sealed head of the log is missing (the end of the log may have been cut)',
      },
    });
  });

  it('detects history rewritten with recomputed hashes: the seals no longer match', () => {
    const entries = chain(4);
    // Someone with write access changes entry 2 and re-chains 2..4, but cannot seal without the key.
    const rewritten: AuditEntry[] = [entries[0]!];
    for (const original of entries.slice(1)) {
      const draft = {
        orgId: ORG,
        action: 'oauth.token_exchange' as const,
        outcome: original.seq === 2 ? ('failure' as const) : original.outcome,
        subject: original.subject,
      };
      rewritten.push({
        ...chainAuditEntry(rewritten.at(-1)!, draft, original.createdAt),
        id: original.id,
        mac: original.mac,
      });
    }
    expect(verifyAuditChain(rewritten)).toEqual({ intact: true, checked: 4 });
    expect(verifyAuditChain(rewritten, { seal, head: headOf(entries) })).toEqual({
      intact: false,
      checked: 1,
      brokenAt: {
        seq: 2,
        id: '101',
        problem: 'mac_mismatch',
        message:
          'entry seq 2 (id 101): its seal does not match (the entry was rewritten without the audit key)',
      },
    });
  });

  it('detects an unsealed entry after sealing began, and a forged head', () => {
    const entries = chain(3);
    entries[2] = { ...entries[2]!, mac: null };
    expect(verifyAuditChain(entries, { seal, head: headOf(entries) })).toMatchObject({
      intact: false,
      checked: 2,
      brokenAt: { seq: 3, problem: 'mac_missing' },
    });
    const whole = chain(3);
    const forgedHead = { ...headOf(whole), mac: '0'.repeat(64) };
    expect(verifyAuditChain(whole, { seal, head: forgedHead })).toMatchObject({
      intact: false,
      brokenAt: {
        problem: 'head_mismatch',
        message: 'the sealed head of the log (seq 3) does not match its seal (it was changed)',
      },
    });
  });

  it('accepts entries appended after the head was read (a verification during appends)', () => {
    const entries = chain(5);
    expect(verifyAuditChain(entries, { seal, head: headOf(entries.slice(0, 3)) })).toEqual({
      intact: true,
      checked: 5,
    });
  });
});
