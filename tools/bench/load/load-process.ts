// The load generator's own process: it takes commands from its parent over IPC (run a flow,
// verify passwords, seed, drop or take a pool of credentials) and answers each with its result, so the generator's CPU
// is its own process's, measured like any other.
import type { LoadCommand, LoadReplyMessage, LoadRequestMessage } from '../harness/load-spec';
import { CredentialPool } from './credential-pool';
import { flowFor } from './flow-catalog';
import { exchangeTransactionLoop } from './exchange-transaction-loop';
import { hashLoop } from './hash-loop';
import { rawConsumeLoop, rawPostLoop } from './raw-delivery-limits';
import { runFlow } from './run-flow';

const pools = new Map<string, CredentialPool>();

function pool(name: string): CredentialPool {
  let found = pools.get(name);
  if (!found) pools.set(name, (found = new CredentialPool()));
  return found;
}

async function execute(command: LoadCommand): Promise<unknown> {
  if ('seed' in command) {
    for (const credentials of command.seed.credentials) pool(command.seed.pool).add(credentials);
    return pool(command.seed.pool).size;
  }
  if ('hash' in command) return hashLoop(command.hash);
  if ('rawPost' in command) return rawPostLoop(command.rawPost);
  if ('rawConsume' in command) return rawConsumeLoop(command.rawConsume);
  if ('exchangeTransactions' in command)
    return exchangeTransactionLoop(command.exchangeTransactions);
  if ('drop' in command) return pools.delete(command.drop.pool);
  if ('take' in command) return pool(command.take.pool).takeAll();
  const { flow, ...options } = command.run;
  return runFlow(flowFor(flow, pool), options);
}

process.on('message', (message: LoadRequestMessage) => {
  execute(message.command).then(
    (result) => process.send!({ id: message.id, result } satisfies LoadReplyMessage),
    (error: unknown) =>
      process.send!({
        id: message.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies LoadReplyMessage),
  );
});
process.on('disconnect', () => process.exit(0));
process.send!({ id: 0, result: 'ready' } satisfies LoadReplyMessage);
