import { Injectable } from '@nestjs/common';
import { entityManagerOf, type Transaction } from '@gatehouse/identity';
import { AccessTokenEntity, ConsentEntity, RefreshTokenEntity } from '@gatehouse/persistence';
import { DataSource, In, IsNull, MoreThan } from 'typeorm';
import {
  ConnectedApplicationStore,
  ConnectedGrant,
  HeldCredentials,
} from '../ports/connected-application.store';

/** Token kinds a user connects an app with (trusted-publisher tokens have no user). */
const USER_TOKEN_KINDS = ['oauth', 'exchange'] as const;

@Injectable()
export class TypeOrmConnectedApplicationStore extends ConnectedApplicationStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async grantsOf(userId: string, now: Date): Promise<ConnectedGrant[]> {
    const manager = this.dataSource.manager;
    const [consents, accessTokens, refreshTokens] = await Promise.all([
      manager.find(ConsentEntity, { where: { userId } }),
      manager.find(AccessTokenEntity, {
        where: {
          userId,
          kind: In([...USER_TOKEN_KINDS]),
          revokedAt: IsNull(),
          expiresAt: MoreThan(now),
        },
        order: { createdAt: 'ASC' },
      }),
      manager.find(RefreshTokenEntity, {
        where: { userId, revokedAt: IsNull(), usedAt: IsNull(), expiresAt: MoreThan(now) },
        order: { createdAt: 'ASC' },
      }),
    ]);
    const grants = new Map<string, ConnectedGrant>();
    for (const consent of consents) {
      grants.set(consent.clientId, {
        clientId: consent.clientId,
        scopes: consent.scopes,
        orgIds: consent.orgIds,
        grantedAt: consent.updatedAt,
        lastTokenIssuedAt: null,
      });
    }
    for (const token of [...refreshTokens, ...accessTokens]) {
      if (token.clientId === null) continue;
      const grant = grants.get(token.clientId);
      if (!grant) {
        grants.set(token.clientId, {
          clientId: token.clientId,
          scopes: token.scopes,
          orgIds: token.orgIds,
          grantedAt: token.createdAt,
          lastTokenIssuedAt: token.createdAt,
        });
      } else if (grant.lastTokenIssuedAt === null || token.createdAt > grant.lastTokenIssuedAt) {
        grant.lastTokenIssuedAt = token.createdAt;
      }
    }
    return [...grants.values()].sort((a, b) => b.grantedAt.getTime() - a.grantedAt.getTime());
  }

  async credentialsHeld(userId: string, clientId: string, now: Date): Promise<HeldCredentials> {
    const manager = this.dataSource.manager;
    const [consent, refreshTokens, accessTokens] = await Promise.all([
      manager.existsBy(ConsentEntity, { userId, clientId }),
      manager.find(RefreshTokenEntity, {
        select: { familyId: true },
        where: { userId, clientId, revokedAt: IsNull(), expiresAt: MoreThan(now) },
      }),
      manager.find(AccessTokenEntity, {
        select: { id: true },
        where: { userId, clientId, revokedAt: IsNull(), expiresAt: MoreThan(now) },
      }),
    ]);
    return {
      consent,
      refreshFamilyIds: [...new Set(refreshTokens.map((token) => token.familyId))],
      accessTokenIds: accessTokens.map((token) => token.id),
    };
  }

  async forgetConsent(tx: Transaction, userId: string, clientId: string): Promise<void> {
    await entityManagerOf(tx).delete(ConsentEntity, { userId, clientId });
  }
}
