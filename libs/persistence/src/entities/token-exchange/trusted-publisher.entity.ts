import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';

/**
 * A CI provider allowed to exchange its OIDC id_token for a token on one repository.
 * `conditions` maps a claim name to the exact value the id_token must carry.
 */
@Entity({ name: 'trusted_publishers' })
@Unique('trusted_publishers_issuer_repo_key', ['issuer', 'repoType', 'repoName'])
export class TrustedPublisherEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ type: 'text' })
  issuer!: string;

  @Column({ name: 'jwks_uri', type: 'text' })
  jwksUri!: string;

  @Column({ type: 'text' })
  audience!: string;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  conditions!: Record<string, string>;

  @Column({ name: 'repo_type', type: 'text' })
  repoType!: string;

  @Column({ name: 'repo_name', type: 'text' })
  repoName!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
