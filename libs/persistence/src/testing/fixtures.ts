import { EntityManager } from 'typeorm';
import { OrganizationEntity } from '../entities/accounts/organization.entity';
import { UserEntity } from '../entities/accounts/user.entity';
import { WebhookEntity } from '../entities/webhooks/webhook.entity';
import { testId } from './test-databases';

export async function insertUser(
  manager: EntityManager,
  username: string,
  email = `${username}@example.com`,
) {
  const user = manager.create(UserEntity, {
    id: testId(),
    username,
    email,
    fullname: username.toUpperCase(),
    passwordHash: 'not-a-real-hash',
  });
  return manager.save(user);
}

export async function insertOrg(manager: EntityManager, name: string) {
  return manager.save(
    manager.create(OrganizationEntity, { id: testId(), name, fullname: name, plan: 'enterprise' }),
  );
}

export async function insertUrlWebhook(manager: EntityManager, ownerUserId: string) {
  return manager.save(
    manager.create(WebhookEntity, {
      id: testId(),
      ownerUserId,
      url: 'https://receiver.example/hook',
      watched: [{ type: 'model', name: 'acme/bert' }],
      domains: ['repo'],
    }),
  );
}

/** The SQLSTATE of a failed query, e.g. 23505 unique_violation. */
export async function sqlStateOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const code = (error as { driverError?: { code?: string }; code?: string }).driverError?.code;
    if (code) return code;
    throw error;
  }
  throw new Error('expected the query to fail');
}
