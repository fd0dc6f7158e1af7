import { type NodeProcess, startAllInOne } from '@gatehouse/testing';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RunningGatehouse {
  /** The issuer and base URL, `http://127.0.0.1:<port>`. */
  base: string;
  process: NodeProcess;
  stop(): Promise<void>;
}

/**
 * The built all-in-one (startAllInOne) with its listening URL as the issuer, the given seed, and
 * loopback targets allowed (the metadata documents of these tests are served on loopback).
 */
export async function startGatehouse(
  seed: object,
  env: Record<string, string> = {},
): Promise<RunningGatehouse> {
  const gatehouse = await startAllInOne({
    listeningUrlIsPublic: true,
    seed: (dataDir) => {
      const seedPath = join(dataDir, 'seed.json');
      writeFileSync(seedPath, JSON.stringify(seed));
      return seedPath;
    },
    env: { GATEHOUSE_ALLOW_LOOPBACK_TARGETS: 'true', ...env },
  });
  return { base: gatehouse.url, process: gatehouse.process, stop: gatehouse.stop };
}
