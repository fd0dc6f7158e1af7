import { NewSigningKey, SigningKeyRecord, SigningKeyStore } from '../keys/ports/signing-key.store';

/** Test double of SigningKeyStore keeping the one-current-key rule. */
export class InMemorySigningKeyStore extends SigningKeyStore {
  readonly keys: SigningKeyRecord[] = [];

  async published(): Promise<SigningKeyRecord[]> {
    const current = this.keys.filter((key) => key.status === 'current');
    const previous = this.keys.filter((key) => key.status === 'previous');
    return [...current, ...previous].map((key) => ({ ...key }));
  }

  async insertFirstCurrent(key: NewSigningKey, at: Date): Promise<boolean> {
    if (this.keys.some((existing) => existing.status === 'current')) return false;
    this.keys.push({ ...key, status: 'current', createdAt: at, rotatedAt: null });
    return true;
  }

  async rotateTo(key: NewSigningKey, at: Date): Promise<{ previous: string | null }> {
    for (const existing of this.keys)
      if (existing.status === 'previous')
        Object.assign(existing, { status: 'retired', rotatedAt: at });
    const current = this.keys.find((existing) => existing.status === 'current');
    if (current) Object.assign(current, { status: 'previous', rotatedAt: at });
    this.keys.push({ ...key, status: 'current', createdAt: at, rotatedAt: null });
    return { previous: current?.kid ?? null };
  }
}
