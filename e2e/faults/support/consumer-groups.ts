import type { StackReplica } from '@gatehouse/testing';
import { Kafka, logLevel } from 'kafkajs';
import { timedFetch } from './request-load';
import type { Probe } from './until';

/** Each replica's consumer groups with their state, as its /readyz details say (docs/operations.md "Readiness"). */
type ReportedConsumers = Record<string, Record<string, string>>;

async function reportedConsumers(replicas: readonly StackReplica[]): Promise<ReportedConsumers> {
  const reports = await Promise.all(
    replicas.map(async (replica) => {
      const response = await timedFetch(`${replica.url}/readyz`);
      const body = (await response.json()) as { details?: { consumers?: Record<string, string> } };
      return [replica.name, body.details?.consumers ?? {}] as const;
    }),
  );
  return Object.fromEntries(reports);
}

/** `auth-1 gatehouse.principal-cache: stopped for 3 s` for each consumer whose state is (or is not) `joined`. */
function consumersWhere(reported: ReportedConsumers, joined: boolean): string[] {
  return Object.entries(reported).flatMap(([replica, groups]) =>
    Object.entries(groups)
      .filter(([, state]) => (state === 'joined') === joined)
      .map(([group, state]) => `${replica} ${group}: ${state}`),
  );
}

/**
 * The members each group should have: the client id (`gatehouse-<service>`) of every replica
 * that reports a consumer in it, sorted.
 */
function membersExpected(
  replicas: readonly StackReplica[],
  reported: ReportedConsumers,
): Record<string, string[]> {
  const expected: Record<string, string[]> = {};
  for (const replica of replicas) {
    for (const group of Object.keys(reported[replica.name] ?? {}))
      (expected[group] ??= []).push(`gatehouse-${replica.service}`);
  }
  return Object.fromEntries(
    Object.entries(expected).map(([group, members]) => [group, members.sort()]),
  );
}

/** The broker's view of the same groups: each member's client id, sorted (kafkajs admin describeGroups). */
async function brokerMembers(
  brokers: string,
  groupIds: readonly string[],
): Promise<Record<string, string[]>> {
  const admin = new Kafka({
    clientId: 'faults-group-census',
    brokers: [brokers],
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    const { groups } = await admin.describeGroups([...groupIds]);
    return Object.fromEntries(
      groups.map((group) => [group.groupId, group.members.map((member) => member.clientId).sort()]),
    );
  } finally {
    await admin.disconnect();
  }
}

/** Groups whose members at the broker differ from those expected, with both lists. */
function missingMembers(
  expected: Record<string, string[]>,
  atBroker: Record<string, string[]>,
): string[] {
  return Object.entries(expected)
    .filter(([group, members]) => JSON.stringify(atBroker[group] ?? []) !== JSON.stringify(members))
    .map(
      ([group, members]) =>
        `${group}: expected [${members.join(', ')}], broker has [${(atBroker[group] ?? []).join(', ')}]`,
    );
}

/**
 * Every consumer of every replica joined and a member at the broker: then the members of each
 * group (as `membersExpected`); otherwise what is still missing.
 */
export async function groupCensus(
  replicas: readonly StackReplica[],
  brokers: string,
): Promise<Probe<Record<string, string[]>>> {
  const reported = await reportedConsumers(replicas);
  const waiting = consumersWhere(reported, false);
  if (waiting.length > 0) return { waiting: waiting.join('; ') };
  const expected = membersExpected(replicas, reported);
  const missing = missingMembers(expected, await brokerMembers(brokers, Object.keys(expected)));
  return missing.length > 0 ? { waiting: missing.join('; ') } : { value: expected };
}

/** No consumer of any replica joined (the broker is away and each has noticed); otherwise those still joined. */
export async function noConsumerJoined(replicas: readonly StackReplica[]): Promise<Probe<true>> {
  const joined = consumersWhere(await reportedConsumers(replicas), true);
  return joined.length > 0 ? { waiting: joined.join('; ') } : { value: true };
}
