import { EntityManager } from 'typeorm';
import { OAuthAppEntity } from '../entities/oauth/oauth-app.entity';

/** Reads of registered OAuth apps shared by `auth` and `token-exchange`. */
export class OAuthAppRepository {
  constructor(private readonly manager: EntityManager) {}

  findByClientId(clientId: string): Promise<OAuthAppEntity | null> {
    return this.manager.findOneBy(OAuthAppEntity, { clientId });
  }
}
