import { hashToken, newObjectId, randomToken } from '@gatehouse/crypto';
import { KafkaEventBus, Topics, tokenRevokedEvent } from '@gatehouse/messaging';
import { type StackReplica, waitUntil } from '@gatehouse/testing';
import type { FaultStack } from './fault-stack';
import { timedFetch } from './request-load';

/** A route of each service behind a bearer check: a token it refuses gets 401 there, one it accepts anything else. */
const BEARER_CHECKED: Partial<Record<StackReplica['service'], string>> = {
  auth: '/api/whoami-v2',
  'token-exchange': '/api/organizations/acme/audit-log',
  'webhook-management': '/api/settings/webhooks',
};

/** The replicas that check bearer tokens (every one that reads the principal cache). */
function bearerCheckingReplicas(replicas: readonly StackReplica[]): StackReplica[] {
  return replicas.filter((replica) => BEARER_CHECKED[replica.service] !== undefined);
}

/** Each replica's status for a request with `token`, by replica name. */
async function statusesFor(
  replicas: readonly StackReplica[],
  token: string,
): Promise<Record<string, number>> {
  const statuses = await Promise.all(
    replicas.map(async (replica) => {
      const response = await timedFetch(`${replica.url}${BEARER_CHECKED[replica.service]}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      return [replica.name, response.status] as const;
    }),
  );
  return Object.fromEntries(statuses);
}

/** Milliseconds from `since` until every replica answers `token` with 401; throws with the last answers after `timeoutMs`. */
async function msUntilRefusedEverywhere(
  replicas: readonly StackReplica[],
  token: string,
  since: number,
  timeoutMs: number,
): Promise<number> {
  let statuses: Record<string, number> = {};
  await waitUntil(
    'every replica to refuse a revoked token',
    async () => {
      statuses = await statusesFor(replicas, token);
      return Object.values(statuses).every((status) => status === 401);
    },
    {
      timeoutMs: since + timeoutMs - Date.now(),
      intervalMs: 20,
      detail: () => `still accepted: ${JSON.stringify(statuses)}`,
    },
  );
  return Date.now() - since;
}

/** A personal token of the demo user, created through the gateway with `bearer`. */
async function createPersonalToken(
  gateway: string,
  bearer: string,
): Promise<{ id: string; token: string }> {
  const response = await timedFetch(`${gateway}/api/settings/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `faults-${Date.now()}`, role: 'read' }),
  });
  const body = (await response.json()) as { id?: string; token?: string };
  if (response.status !== 200 && response.status !== 201)
    throw new Error(
      `creating a personal token answered ${response.status}: ${JSON.stringify(body)}`,
    );
  return { id: body.id!, token: body.token! };
}

async function deletePersonalToken(gateway: string, bearer: string, id: string): Promise<void> {
  const response = await timedFetch(`${gateway}/api/settings/tokens/${id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${bearer}` },
  });
  if (response.status !== 204)
    throw new Error(
      `deleting a personal token answered ${response.status}: ${await response.text()}`,
    );
}

const CLIENT_ID = 'gatehouse-cli';

/**
 * An OAuth access token of the demo user written straight to the database, as a grant would
 * have issued it (the table keeps only its hash).
 */
async function insertAccessToken(
  faults: FaultStack,
): Promise<{ id: string; token: string; userId: string }> {
  const [user] = await faults.query<{ id: string }>(
    `SELECT id FROM users WHERE username = 'alice'`,
  );
  const id = newObjectId();
  const token = randomToken('hf_oauth_');
  await faults.query(
    `INSERT INTO access_tokens (id, token_hash, kind, user_id, client_id, scopes, expires_at)
     VALUES ($1, $2, 'oauth', $3, $4, '{openid,profile}', now() + interval '1 hour')`,
    [id, hashToken(token), user!.id, CLIENT_ID],
  );
  return { id, token, userId: user!.id };
}

/**
 * Revokes an access token the way only the principal cache's consumers can make visible: the row
 * is marked revoked without touching the cache (a change made around the services), then its
 * token.revoked event is published. Resolves when the event is on the broker.
 */
async function revokeByEventAlone(
  faults: FaultStack,
  token: { id: string; userId: string },
): Promise<void> {
  const revokedAt = new Date();
  await faults.query('UPDATE access_tokens SET revoked_at = $2 WHERE id = $1', [
    token.id,
    revokedAt,
  ]);
  const bus = new KafkaEventBus({
    brokers: [faults.kafka.brokers],
    clientId: 'faults-revocation',
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  try {
    await bus.publish(Topics.tokenEvents, [
      tokenRevokedEvent.encode(
        {
          tokenId: token.id,
          kind: 'access',
          userId: token.userId,
          clientId: CLIENT_ID,
          reason: 'revocation_request',
          revokedAt: revokedAt.toISOString(),
        },
        { key: token.userId, time: revokedAt },
      ),
    ]);
  } finally {
    await bus.close();
  }
}

/** Throws unless every replica accepts `token` (answers anything but 401): its principal is then cached. */
async function acceptedEverywhere(replicas: readonly StackReplica[], token: string): Promise<void> {
  const statuses = await statusesFor(replicas, token);
  if (Object.values(statuses).includes(401))
    throw new Error(`a live token was refused: ${JSON.stringify(statuses)}`);
}

/**
 * A personal token, used on every replica, then deleted through the gateway: milliseconds from the
 * deletion's answer until every replica refuses it. The deletion marks the shared principal cache
 * itself, before it commits.
 */
export async function personalTokenRevocationMs(
  faults: FaultStack,
  bearer: string,
  timeoutMs: number,
): Promise<number> {
  const replicas = bearerCheckingReplicas(faults.stack.replicas);
  const personal = await createPersonalToken(faults.stack.url, bearer);
  await acceptedEverywhere(replicas, personal.token);
  await deletePersonalToken(faults.stack.url, bearer, personal.id);
  return msUntilRefusedEverywhere(replicas, personal.token, Date.now(), timeoutMs);
}

/**
 * An access token, used on every replica, then revoked around the services (`revokeByEventAlone`):
 * milliseconds from its event reaching the broker until every replica refuses it. Only the
 * consumers of `gatehouse.principal-cache` can bring that about.
 */
export async function eventRevocationMs(faults: FaultStack, timeoutMs: number): Promise<number> {
  const replicas = bearerCheckingReplicas(faults.stack.replicas);
  const access = await insertAccessToken(faults);
  await acceptedEverywhere(replicas, access.token);
  await revokeByEventAlone(faults, access);
  return msUntilRefusedEverywhere(replicas, access.token, Date.now(), timeoutMs);
}
