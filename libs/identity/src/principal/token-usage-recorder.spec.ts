import { FrozenClock } from '@gatehouse/domain/testing';
import { aPersonalTokenRecord } from '../testing/personal-token-builders';
import { InMemoryPersonalTokenUsageWriter } from '../testing/in-memory-personal-token-usage.writer';
import { PersonalTokenUse, PersonalTokenUsageWriter } from './ports/personal-token-usage.writer';
import { TokenUsageRecorder } from './token-usage-recorder';

describe('TokenUsageRecorder', () => {
  const clock = new FrozenClock(Date.UTC(2026, 0, 1));
  const rows = () => [
    aPersonalTokenRecord({ id: 'a', token: `hf_${'A'.repeat(34)}` }),
    aPersonalTokenRecord({ id: 'b', token: `hf_${'B'.repeat(34)}` }),
  ];

  it('writes the latest use of every token of the interval in one batch, then nothing until the next use', async () => {
    const tokens = rows();
    const writer = new InMemoryPersonalTokenUsageWriter(tokens);
    const recorder = new TokenUsageRecorder(writer, clock, { tokenUsageFlushMs: 0 });
    recorder.record('a', { address: '203.0.113.5', userAgent: 'curl/8' });
    clock.advance(1000);
    recorder.record('a', { address: '2001:db8:1:2::9', userAgent: 'Mozilla/5.0' });
    recorder.record('b');
    await recorder.flush();
    await recorder.flush();
    expect(writer.writes).toBe(1);
    expect(
      tokens.map((row) => [row.id, row.lastUsedAt, row.lastUsedAddress, row.lastUsedClient]),
    ).toEqual([
      ['a', new Date(clock.now()), '2001:db8:1::/48', 'browser'],
      ['b', new Date(clock.now()), null, null],
    ]);
  });

  it('drops a batch the database refused, and carries on with the next', async () => {
    const batches: PersonalTokenUse[][] = [];
    let fail = true;
    const writer = new (class extends PersonalTokenUsageWriter {
      async recordUses(uses: readonly PersonalTokenUse[]): Promise<void> {
        if (fail) throw new Error('database down');
        batches.push([...uses]);
      }
    })();
    const recorder = new TokenUsageRecorder(writer, clock, { tokenUsageFlushMs: 0 });
    recorder.record('a');
    await expect(recorder.flush()).resolves.toBeUndefined();
    fail = false;
    recorder.record('b');
    await recorder.flush();
    expect(batches.map((batch) => batch.map((use) => use.tokenId))).toEqual([['b']]);
  });

  it('writes what waits at shutdown', async () => {
    const tokens = rows();
    const writer = new InMemoryPersonalTokenUsageWriter(tokens);
    const recorder = new TokenUsageRecorder(writer, clock, { tokenUsageFlushMs: 0 });
    recorder.record('b', { address: '198.51.100.7' });
    await recorder.beforeApplicationShutdown();
    expect(tokens[1]).toMatchObject({
      lastUsedAddress: '198.51.100.0/24',
      lastUsedClient: 'unknown',
    });
  });
});
