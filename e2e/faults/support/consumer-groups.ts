import type { StackReplica } from '@gatehouse/testing';
import { Kafka, logLevel } from 'kafkajs';
import { timedFetch } from './request-load';

/** Each replica's consumer groups with their state, as its /readyz details say (docs/operations.md "Readiness"). */
export type ReportedConsumers = Record<string, Record<string, string>>;

export async function reportedConsumers(replicas: readonly StackReplica[]): Promise<ReportedConsumers> {
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
export function consumersWhere(reported: ReportedConsumers, joined: boolean): string[] {
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
export function membersExpected(replicas: readonly StackReplica[], reported: ReportedConsumers): Record<string, string[]> {
  const expected: Record<string, string[]> = {};
  for (const replica of replicas) {
    for (const group of Object.keys(reported[replica.name] ?? {})) (expected[group] ??= []).push(`gatehouse-${replica.service}`);
  }
  return Object.fromEntries(Object.entries(expected).map(([group, members]) => [group, members.sort()]));
}

/** The broker's view of the same groups: each member's client id, sorted (kafkajs admin describeGroups). */
export async function brokerMembers(brokers: string, groupIds: readonly string[]): Promise<Record<string, string[]>> {
  const admin = new Kafka({ clientId: 'faults-group-census', brokers: [brokers], logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const { groups } = await admin.describeGroups([...groupIds]);
    return Object.fromEntries(groups.map((group) => [group.groupId, group.members.map((member) => member.clientId).sort()]));
  } finally {
    await admin.disconnect();
  }
}

/** Groups whose members at the broker differ from those expected, with both lists. */
export function missingMembers(expected: Record<string, string[]>, atBroker: Record<string, string[]>): string[] {
  return Object.entries(expected)
    .filter(([group, members]) => JSON.stringify(atBroker[group] ?? []) !== JSON.stringify(members))
    .map(([group, members]) => `${group}: expected [${members.join(', ')}], broker has [${(atBroker[group] ?? []).join(', ')}]`);
}
