import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

export type SigningKeyStatus = 'current' | 'previous' | 'retired';

/**
 * A key that signs id_tokens. The private JWK is stored encrypted; at most one key is
 * `current` at a time (a partial unique index the migration owns).
 */
@Entity({ name: 'signing_keys' })
@Check('signing_keys_status_check', "status IN ('current', 'previous', 'retired')")
@Index('signing_keys_one_current_key', { synchronize: false })
export class SigningKeyEntity {
  @PrimaryColumn({ type: 'text' })
  kid!: string;

  @Column({ type: 'text' })
  alg!: string;

  @Column({ name: 'public_jwk', type: 'jsonb' })
  publicJwk!: Record<string, unknown>;

  @Column({ name: 'private_jwk_encrypted', type: 'text' })
  privateJwkEncrypted!: string;

  @Column({ type: 'text' })
  status!: SigningKeyStatus;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'rotated_at', type: 'timestamptz', nullable: true })
  rotatedAt!: Date | null;
}
