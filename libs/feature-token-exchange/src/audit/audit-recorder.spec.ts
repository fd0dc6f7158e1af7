import { TEST_ENCRYPTION_KEY } from '@gatehouse/identity/testing';
import { createTokenExchangeTestKit } from '../testing/token-exchange-test-kit';
import { verifyAuditChain } from '../testing/verify-audit-chain';
import type { AuditEntryDraft } from './audit-entry';
import { AuditSeal } from './audit-seal';

const ORG = 'a0000000000000000000acme';
const draft = (subject: string): AuditEntryDraft => ({
  orgId: ORG,
  action: 'settings.token_duration_changed',
  outcome: 'success',
  subject,
});
const seal = AuditSeal.fromEncryptionKey(TEST_ENCRYPTION_KEY);

describe('AuditRecorder: where the chain continues', () => {
  it("takes the chain lock for an organization's first entry and seals the head row it creates", async () => {
    const kit = createTokenExchangeTestKit();
    const entry = await kit.audit.recordAlone(draft('first'));
    expect(entry).toMatchObject({
      id: '1',
      seq: 1,
      prevHash: null,
      mac: seal.entryMac(entry.hash),
    });
    expect(kit.auditStore.locked).toEqual([ORG]);
    expect(kit.auditStore.heads.get(ORG)).toEqual(seal.sealHead(ORG, 1, entry.hash));
    expect(kit.outbox.events()).toEqual([
      {
        type: 'audit.recorded',
        data: expect.objectContaining({
          entryId: '1',
          organizationId: ORG,
          details: expect.objectContaining({ seq: 1, hash: entry.hash, prevHash: null }),
        }),
      },
    ]);
  });

  it('continues from the sealed head row without the chain lock once the row exists', async () => {
    const kit = createTokenExchangeTestKit();
    const first = await kit.audit.recordAlone(draft('first'));
    const second = await kit.audit.recordAlone(draft('second'));
    expect(second).toMatchObject({ id: '2', seq: 2, prevHash: first.hash });
    expect(kit.auditStore.locked).toEqual([ORG]);
    expect(kit.auditStore.heads.get(ORG)).toEqual(seal.sealHead(ORG, 2, second.hash));
    expect(
      verifyAuditChain(kit.auditStore.of(ORG), { seal, head: kit.auditStore.heads.get(ORG)! }),
    ).toEqual({ intact: true, checked: 2 });
  });

  it("continues from the latest entry when the head row's seal fails, and seals the head again", async () => {
    const kit = createTokenExchangeTestKit();
    await kit.audit.recordAlone(draft('first'));
    const second = await kit.audit.recordAlone(draft('second'));
    kit.auditStore.heads.set(ORG, {
      ...seal.sealHead(ORG, 9, 'ef'.repeat(32)),
      hash: 'ab'.repeat(32),
    });
    const third = await kit.audit.recordAlone(draft('third'));
    expect(third).toMatchObject({ seq: 3, prevHash: second.hash });
    expect(kit.auditStore.heads.get(ORG)).toEqual(seal.sealHead(ORG, 3, third.hash));
  });

  it('continues a log from before the seal (entries, no head row) from its latest entry under the chain lock', async () => {
    const kit = createTokenExchangeTestKit();
    const first = await kit.audit.recordAlone(draft('first'));
    kit.auditStore.heads.delete(ORG);
    const second = await kit.audit.recordAlone(draft('second'));
    expect(second).toMatchObject({ seq: 2, prevHash: first.hash });
    expect(kit.auditStore.locked).toEqual([ORG, ORG]);
  });
});
