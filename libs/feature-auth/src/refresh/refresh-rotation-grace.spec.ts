import { hkdfSync } from 'node:crypto';
import { hashToken, SecretBox } from '@gatehouse/crypto';
import { KeptRotation, RefreshRotationGrace } from './refresh-rotation-grace';

const rotation: KeptRotation = {
  accessToken: 'hf_oauth_access',
  refreshToken: 'hf_oauth_refresh_next',
  ttlSeconds: 1800,
  scope: null,
  issuedAtMs: Date.UTC(2026, 10, 27, 12),
};

describe('RefreshRotationGrace', () => {
  const grace = new RefreshRotationGrace({ reuseGraceSeconds: 10 });

  it('opens what it sealed for the requester that rotated, and nothing for another', () => {
    const sealed = grace.seal('hf_oauth_refresh_spent', '10.0.0.1', rotation);
    expect(grace.open('hf_oauth_refresh_spent', '10.0.0.1', sealed)).toEqual(rotation);
    expect(grace.open('hf_oauth_refresh_spent', '10.0.0.2', sealed)).toBeNull();
    expect(grace.open('hf_oauth_refresh_other', '10.0.0.1', sealed)).toBeNull();
  });

  // A rotation kept by a process of the release before (hkdfSync's key) still opens, and the reverse.
  it('derives the key HKDF-SHA256 derives, so answers kept by another process of either kind open', () => {
    const spent = 'hf_oauth_refresh_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb3dEf6hIj9';
    const hkdfBox = new SecretBox(
      new Uint8Array(hkdfSync('sha256', spent, 'gatehouse', 'refresh-rotation-grace', 32)),
    );
    const keptBefore = hkdfBox.encrypt(
      JSON.stringify({ requester: hashToken('10.0.0.1'), rotation }),
      'refresh-rotation-grace',
    );
    expect(grace.open(spent, '10.0.0.1', keptBefore)).toEqual(rotation);

    const keptNow = grace.seal(spent, '10.0.0.1', rotation)!;
    expect(JSON.parse(hkdfBox.decrypt(keptNow, 'refresh-rotation-grace'))).toEqual({
      requester: hashToken('10.0.0.1'),
      rotation,
    });
  });

  it('keeps nothing with the grace off', () => {
    const off = new RefreshRotationGrace({ reuseGraceSeconds: 0 });
    expect(off.seal('hf_oauth_refresh_spent', '10.0.0.1', rotation)).toBeNull();
  });
});
