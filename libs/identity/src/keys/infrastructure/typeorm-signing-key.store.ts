import { Injectable } from '@nestjs/common';
import { SigningKeyEntity } from '@gatehouse/persistence';
import { DataSource, EntityManager, In } from 'typeorm';
import { NewSigningKey, SigningKeyRecord, SigningKeyStore } from '../ports/signing-key.store';

/** Serializes rotations across replicas and the CLI (a transaction-scoped advisory lock). */
const ROTATION_LOCK = 'gatehouse.signing-keys';

@Injectable()
export class TypeOrmSigningKeyStore extends SigningKeyStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async published(): Promise<SigningKeyRecord[]> {
    const rows = await this.dataSource.manager.find(SigningKeyEntity, {
      where: { status: In(['current', 'previous']) },
    });
    return rows
      .map(signingKeyRecordOf)
      .sort((a, b) => (a.status === b.status ? 0 : a.status === 'current' ? -1 : 1));
  }

  async insertFirstCurrent(key: NewSigningKey, at: Date): Promise<boolean> {
    // The partial unique index signing_keys_one_current_key is the arbiter between replicas.
    const inserted = await insertCurrent(
      this.dataSource.manager,
      key,
      at,
      "ON CONFLICT (status) WHERE status = 'current' DO NOTHING",
    );
    return inserted.length === 1;
  }

  rotateTo(key: NewSigningKey, at: Date): Promise<{ previous: string | null }> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [ROTATION_LOCK]);
      await manager.update(
        SigningKeyEntity,
        { status: 'previous' },
        { status: 'retired', rotatedAt: at },
      );
      const current = await manager.findOneBy(SigningKeyEntity, { status: 'current' });
      if (current)
        await manager.update(
          SigningKeyEntity,
          { kid: current.kid },
          { status: 'previous', rotatedAt: at },
        );
      await insertCurrent(manager, key, at);
      return { previous: current?.kid ?? null };
    });
  }
}

function insertCurrent(
  manager: EntityManager,
  key: NewSigningKey,
  at: Date,
  onConflict = '',
): Promise<unknown[]> {
  return manager.query(
    `INSERT INTO signing_keys (kid, alg, public_jwk, private_jwk_encrypted, status, created_at)
     VALUES ($1, $2, $3, $4, 'current', $5) ${onConflict} RETURNING kid`,
    [key.kid, key.alg, JSON.stringify(key.publicJwk), key.privateJwkEncrypted, at],
  );
}

function signingKeyRecordOf({
  kid,
  alg,
  publicJwk,
  privateJwkEncrypted,
  status,
  createdAt,
  rotatedAt,
}: SigningKeyEntity): SigningKeyRecord {
  return { kid, alg, publicJwk, privateJwkEncrypted, status, createdAt, rotatedAt };
}
