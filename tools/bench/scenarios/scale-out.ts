import { availableParallelism } from 'node:os';
import { GATEHOUSE_TARGET, VISITOR_PASSWORD, VISITOR_PREFIX } from '../gatehouse/bench-accounts';
import type { BenchEnvironment } from '../harness/bench-environment';
import type { Scenario, ScenarioReport } from '../harness/scenario';
import { Contender, runTrial, type TrialReport } from '../harness/trial';
import { burstSize, DeliveryRig, PARTITIONS } from './delivery-rig';
import {
  describeRefusals,
  measureRevocation,
  REVOKED_TOKENS,
  revocationFacts,
  signInForTokens,
} from './revocation-latency';
import { startScaleOutStack } from './scale-out-stack';
import { runLength } from './sign-in-spike';

/** Sign-in connections: eight per replica when there are two. */
const CONNECTIONS = 16;

/**
 * The sign-in spike behind the nginx gateway, against one auth replica and against two (the same
 * processes: a second gateway routes to the first replica only), interleaved; then the revocation
 * latency across replicas: revoked through one replica, checked on the other directly; then a
 * burst of webhook deliveries with one delivery worker and with two in its consumer group. nginx
 * is left out of the CPU columns: its work is in a worker process the meter does not follow.
 */
export const scaleOut: Scenario = {
  id: 'scale-out',
  title: 'Scale-out: one auth replica and two behind the gateway',
  async run(env): Promise<ScenarioReport> {
    const { rounds } = env.settings;
    const length = await runLength(env, CONNECTIONS);
    const perRun = Math.ceil((length.rampSeconds + length.seconds + 1) * length.visitorsPerSecond);
    const scaled = await startScaleOutStack(env, rounds * 2 * perRun + 2 * REVOKED_TOKENS + 100);
    try {
      const { stack, auth } = scaled;
      const pid = (name: string) =>
        stack.replicas.find((replica) => replica.name === name)!.process.child.pid!;
      const common = { 'token-exchange': pid('token-exchange'), load: env.load.pid };
      const signIn = (url: string) => () =>
        env.load.run({
          flow: {
            kind: 'gatehouse-sign-in',
            target: GATEHOUSE_TARGET,
            loginPrefix: VISITOR_PREFIX,
            firstVisitor: scaled.reserveVisitors(perRun),
            password: VISITOR_PASSWORD,
          },
          url,
          connections: CONNECTIONS,
          seconds: length.seconds,
          rampSeconds: length.rampSeconds,
        });
      const contenders: Contender[] = [
        {
          name: '1 auth replica',
          processes: { 'auth-1': pid('auth-1'), ...common },
          run: signIn(scaled.oneUrl),
        },
        {
          name: '2 auth replicas',
          processes: { 'auth-1': pid('auth-1'), 'auth-2': pid('auth-2'), ...common },
          run: signIn(scaled.bothUrl),
        },
      ];
      const trial = await runTrial(
        `sign-in behind the gateway, concurrency ${CONNECTIONS}`,
        contenders,
        [['2 auth replicas', '1 auth replica']],
        rounds,
        env.log,
      );
      const tokens = await signInForTokens(
        env.load,
        scaled.bothUrl,
        scaled.reserveVisitors(REVOKED_TOKENS),
        REVOKED_TOKENS,
      );
      const latencies = await measureRevocation(tokens, {
        revokeUrl: auth[0].url,
        checkUrl: auth[1].url,
      });
      for (const line of describeRefusals(latencies))
        env.log(`revoked on auth-1, 401 on auth-2, ${line}`);
      await scaled.stop();
      const delivery = await deliveryScaleOut(env);
      return {
        id: 'scale-out',
        title: scaleOut.title,
        trials: [trial, delivery],
        facts: [
          {
            name: 'cores the replicas share',
            value: availableParallelism(),
            unit: 'CPUs',
            how: 'os.availableParallelism(): every process of the stack, the gateway and the load generator run on them',
          },
          ...revocationFacts(latencies, 'across replicas (revoked on auth-1, checked on auth-2)'),
        ],
      };
    } finally {
      await scaled.stop();
    }
  },
};

/**
 * One delivery worker and two in the same consumer group (the topic's partitions split two and
 * one), interleaved: the second is started before and stopped after each of its runs, and a small
 * burst lets the group settle before the measured one.
 */
async function deliveryScaleOut(env: BenchEnvironment): Promise<TrialReport> {
  const events = burstSize(env.settings.quick);
  const rig = await DeliveryRig.start(env);
  try {
    await rig.burst('scale-out-warmup', 200);
    let round = 0;
    const contender = (workers: 1 | 2): Contender => ({
      name: workers === 1 ? '1 delivery worker' : '2 delivery workers',
      prepare: () => rig.scaleTo(workers),
      get processes() {
        return rig.workerProcesses();
      },
      run: () => rig.burst(`scale-out-${workers}-${(round += 1)}`, events),
    });
    return await runTrial(
      `burst of ${events} events, ${PARTITIONS} partitions`,
      [contender(1), contender(2)],
      [['2 delivery workers', '1 delivery worker']],
      env.settings.rounds,
      env.log,
    );
  } finally {
    await rig.stop();
  }
}
