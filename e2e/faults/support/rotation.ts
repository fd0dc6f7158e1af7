import { type EnvironmentChanges, type StackReplica, waitForHttp } from '@gatehouse/testing';
import type { FaultStack } from './fault-stack';
import { ALICE_TOKEN } from './fault-stack';
import { type Outcome, outcomeOf, RequestLoad, timedFetch } from './request-load';
import { signIn } from './sign-in';

/** One step of a rotation: new environment for some services, rolled out replica by replica. */
export interface RotationStep {
  label: string;
  changes: EnvironmentChanges;
  services: ReadonlyArray<StackReplica['service']>;
  /** Runs once every replica of the step is ready again (moving callers to a new value, a command). */
  after?(): Promise<void>;
}

/**
 * The replicas a caller inside the cluster may reach: a Service's endpoints. A replica leaves
 * before it is sent SIGTERM and comes back once ready, as Kubernetes removes a terminating pod
 * from its endpoints and adds it back after its readiness probe passes.
 */
export class ServiceEndpoints {
  private readonly away = new Set<string>();
  private turn = 0;

  constructor(private readonly faults: FaultStack) {}

  /** The next replica of `service` in rotation, round-robin. */
  next(service: StackReplica['service']): StackReplica {
    const ready = this.faults.stack.replicas.filter(
      (replica) => replica.service === service && !this.away.has(replica.name),
    );
    if (ready.length === 0) throw new Error(`no ready replica of ${service}`);
    this.turn += 1;
    return ready[this.turn % ready.length]!;
  }

  /**
   * Rolls `changes` out to every replica of `services` as `kubectl rollout restart` of their
   * Deployments does: the services side by side, each one replica at a time.
   */
  async rollOut(
    services: ReadonlyArray<StackReplica['service']>,
    changes: EnvironmentChanges,
  ): Promise<void> {
    await Promise.all(
      services.map(async (service) => {
        for (const replica of this.faults.stack.replicas) {
          if (replica.service === service) await this.replace(replica, changes);
        }
      }),
    );
  }

  private async replace(replica: StackReplica, changes: EnvironmentChanges): Promise<void> {
    this.away.add(replica.name);
    try {
      replica.process.child.kill('SIGTERM');
      await replica.process.exited;
      await replica.restart(changes);
      await waitForHttp(`${replica.url}/readyz`, { timeoutMs: 180_000, process: replica.process });
    } finally {
      this.away.delete(replica.name);
    }
  }

  /** Each step rolled out, then its `after`; returns how long each step took (ms). */
  async rotate(steps: RotationStep[]): Promise<Record<string, number>> {
    const took: Record<string, number> = {};
    for (const step of steps) {
      const started = Date.now();
      await this.rollOut(step.services, step.changes);
      await step.after?.();
      took[step.label] = Date.now() - started;
      process.stdout.write(
        `[faults] rotation step "${step.label}" done in ${took[step.label]} ms\n`,
      );
    }
    return took;
  }
}

/**
 * The callers of the internal token while it rotates, each sending `token()` as it is at the
 * time: introspection through the gateway (`auth`), the access policy on `token-exchange` and
 * event ingestion on `webhook-management`, both reached through their Service's endpoints.
 */
export function internalCallers(
  faults: FaultStack,
  endpoints: ServiceEndpoints,
  token: () => string,
): Record<'introspection' | 'authorize' | 'ingestion', RequestLoad> {
  const bearer = () => ({ authorization: `Bearer ${token()}` });
  const introspect = async (): Promise<Outcome> => {
    const response = await timedFetch(`${faults.stack.url}/oauth/introspect`, {
      method: 'POST',
      headers: { ...bearer(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: ALICE_TOKEN }),
    });
    const body = (await response.json().catch(() => ({}))) as { active?: boolean };
    return outcomeOf(response, response.status === 200 && body.active === true);
  };
  const authorize = async (): Promise<Outcome> => {
    const response = await timedFetch(
      `${endpoints.next('token-exchange').url}/internal/authorize`,
      {
        method: 'POST',
        headers: { ...bearer(), 'content-type': 'application/json' },
        body: JSON.stringify({
          token: ALICE_TOKEN,
          action: 'repo.read',
          resource: {
            kind: 'repo',
            id: 'model/alice/rotation',
            ownerType: 'user',
            ownerId: 'alice',
            private: false,
          },
        }),
      },
    );
    const body = (await response.json().catch(() => ({}))) as { allow?: boolean };
    return outcomeOf(response, response.status === 200 && typeof body.allow === 'boolean');
  };
  let ingested = 0;
  const ingest = async (): Promise<Outcome> => {
    ingested += 1;
    const response = await timedFetch(
      `${endpoints.next('webhook-management').url}/internal/events`,
      {
        method: 'POST',
        headers: { ...bearer(), 'content-type': 'application/json' },
        // A repository nobody watches: the event is accepted and matches no webhook.
        body: JSON.stringify({
          event: { action: 'update', scope: 'repo.content' },
          repo: {
            type: 'model',
            name: 'acme/rotation-unwatched',
            id: '66f0000000000000000000ff',
            private: false,
            owner: { id: '66f000000000000000000001', name: 'acme' },
          },
          updatedRefs: [
            {
              ref: 'refs/heads/main',
              oldSha: null,
              newSha: ingested.toString(16).padStart(40, 'f'),
            },
          ],
        }),
      },
    );
    await response.arrayBuffer();
    return outcomeOf(response, response.status === 202);
  };
  return {
    introspection: new RequestLoad(introspect, 2, 100),
    authorize: new RequestLoad(authorize, 2, 100),
    ingestion: new RequestLoad(ingest, 1, 200),
  };
}

/** Sign-ins through the gateway, and reads of a webhook whose secret the service must open. */
export function userLoads(
  faults: FaultStack,
  webhookId: string,
): Record<'signIns' | 'webhookReads', RequestLoad> {
  const read = async (): Promise<Outcome> => {
    const response = await timedFetch(`${faults.stack.url}/api/settings/webhooks/${webhookId}`, {
      headers: { authorization: `Bearer ${ALICE_TOKEN}` },
    });
    const body = (await response.json().catch(() => ({}))) as { webhook?: { secret?: string } };
    return outcomeOf(response, response.status === 200 && typeof body.webhook?.secret === 'string');
  };
  return {
    signIns: new RequestLoad(() => signIn(faults.stack.url), 2),
    webhookReads: new RequestLoad(read, 1, 200),
  };
}
