import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { requireCommand } from '../infra/command-probe';
import { findFreePort } from '../infra/free-port';
import { waitUntil } from '../wait/wait-until';
import { classDataSharing } from './kafka-class-data-sharing';
import {
  JAVA_INSTALL_HINT,
  ensureKafkaJars,
  javaCommand,
  kafkaVersion,
} from './kafka-distribution';
import {
  kafkaServerProperties,
  log4jProperties,
  type ScramMechanism,
} from './kafka-server-properties';

export interface KafkaBrokerOptions {
  /** How long to wait for the broker to answer a metadata request. */
  startTimeoutMs?: number;
  /** JVM maximum heap, e.g. '512m'. */
  maxHeap?: string;
  /**
   * A second listener, SASL_PLAINTEXT with SCRAM, for these users (name → password), created
   * when the storage is formatted. The anonymous PLAINTEXT listener stays for the probe and admins.
   */
  scram?: {
    mechanism: ScramMechanism;
    users: Readonly<Record<string, string>>;
    authorizer?: boolean;
  };
}

export interface RunningKafkaBroker {
  /** `host:port` list for kafkajs (`KAFKA_BROKERS`). */
  brokers: string;
  /** The SCRAM listener's `host:port`, when `scram` was asked for. */
  scramBrokers?: string;
  version: string;
  /** The broker's own log (kept until stop()). */
  logFile: string;
  /** Milliseconds from launch to the first answered metadata request. */
  startupMs: number;
  /** Stops the broker process (SIGTERM, a controlled shutdown) and keeps its data and ports for resume(). */
  halt(): Promise<void>;
  /** Starts the halted broker again on the same ports and data; resolves once it answers. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts a real single-node KRaft Kafka broker from the Apache Kafka jars (tools/kafka/pom.xml)
 * on free loopback ports, in a fresh temporary directory removed by stop().
 */
export async function startKafkaBroker(
  options: KafkaBrokerOptions = {},
): Promise<RunningKafkaBroker> {
  const scramUsers = Object.entries(options.scram?.users ?? {}).map(([name, password]) => {
    if (!/^[A-Za-z0-9_.-]+$/.test(name) || !/^[A-Za-z0-9_.-]+$/.test(password)) {
      throw new Error(
        `SCRAM user ${name}: names and passwords are letters, digits, '.', '_' and '-' here (the storage tool parses them unquoted)`,
      );
    }
    return `${options.scram!.mechanism}=[name=${name},password=${password}]`;
  });
  const java = javaCommand();
  const javaVersion = requireCommand(java, ['-version'], JAVA_INSTALL_HINT);
  const libs = await ensureKafkaJars();
  const sharing = classDataSharing(javaVersion, libs);
  const classpath = `${libs}/*`;

  const workDir = mkdtempSync(join(tmpdir(), 'gatehouse-kafka-'));
  const [brokerPort, controllerPort, scramPort] = await distinctFreePorts(options.scram ? 3 : 2);
  const logFile = join(workDir, 'server.log');
  const configFile = join(workDir, 'server.properties');
  const log4jFile = join(workDir, 'log4j.properties');
  const security = options.scram && {
    scramMechanism: options.scram.mechanism,
    authorizer: options.scram.authorizer ?? false,
  };
  writeFileSync(
    configFile,
    kafkaServerProperties(
      { brokerPort, controllerPort, scramPort },
      join(workDir, 'data'),
      security,
    ),
  );
  writeFileSync(log4jFile, log4jProperties(logFile));

  const jvm = [
    `-Xmx${options.maxHeap ?? '512m'}`,
    '-Xms128m',
    '-XX:+UseSerialGC',
    '-XX:TieredStopAtLevel=1', // C1 only: the broker is up sooner and tests never load it hard
    '-Djava.awt.headless=true',
    `-Dlog4j.configuration=file:${log4jFile}`,
    '-cp',
    classpath,
  ];
  formatStorage(java, [...sharing.toolArgs, ...jvm], configFile, workDir, scramUsers);

  const started = Date.now();
  const launch = (): ChildProcess => {
    const consoleFd = openSync(join(workDir, 'console.log'), 'a');
    const spawned = spawn(java, [...sharing.brokerArgs, ...jvm, 'kafka.Kafka', configFile], {
      stdio: ['ignore', consoleFd, consoleFd],
    });
    closeSync(consoleFd);
    return spawned;
  };
  let child = launch();
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const brokers = `127.0.0.1:${brokerPort}`;
  const graceMs = sharing.dumping ? 60_000 : 15_000;
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    // Dumping the class archive at exit takes a while on a busy machine: wait longer for it.
    const killed = await terminate(child, graceMs);
    sharing.afterExit(!killed);
    rmSync(workDir, { recursive: true, force: true });
  };
  const startTimeoutMs = options.startTimeoutMs ?? 90_000;
  try {
    await waitUntilReady(brokers, child, startTimeoutMs);
  } catch (error) {
    const detail = `${(error as Error).message}\n--- ${logFile} (tail) ---\n${tail(logFile)}${tail(join(workDir, 'console.log'))}`;
    await stop();
    throw new Error(`Kafka broker did not start: ${detail}`);
  }
  const halt = async () => {
    await terminate(child, graceMs);
  };
  const resume = async () => {
    if (child.exitCode === null && child.signalCode === null) return;
    child = launch();
    await waitUntilReady(brokers, child, startTimeoutMs);
  };
  const scramBrokers = options.scram ? { scramBrokers: `127.0.0.1:${scramPort}` } : {};
  return {
    brokers,
    ...scramBrokers,
    version: kafkaVersion(),
    logFile,
    startupMs: Date.now() - started,
    halt,
    resume,
    stop,
  };
}

async function distinctFreePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await findFreePort();
    if (!ports.includes(port)) ports.push(port);
  }
  return ports;
}

/**
 * KRaft refuses to start on an unformatted log directory; a fresh random cluster id per broker.
 * SCRAM users are written into the first metadata (`--add-scram`), so they exist from the start.
 */
function formatStorage(
  java: string,
  jvm: string[],
  configFile: string,
  workDir: string,
  scramUsers: readonly string[],
): void {
  const users = scramUsers.flatMap((user) => ['--add-scram', user]);
  const result = spawnSync(
    java,
    [
      ...jvm,
      'kafka.tools.StorageTool',
      'format',
      '-t',
      randomClusterId(),
      '-c',
      configFile,
      ...users,
    ],
    {
      cwd: workDir,
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) {
    rmSync(workDir, { recursive: true, force: true });
    throw new Error(
      `Formatting Kafka storage failed (exit ${result.status}): ${result.error?.message ?? ''}\n${result.stdout}\n${result.stderr}`,
    );
  }
}

/**
 * A KRaft cluster id: 16 random bytes in URL-safe base64, never starting with '-' (as Kafka's own
 * Uuid.randomUuid()), which the storage tool would read as an option.
 */
export function randomClusterId(random: (size: number) => Buffer = randomBytes): string {
  for (;;) {
    const id = random(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

async function waitUntilReady(
  brokers: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  let exited: string | undefined;
  child.once(
    'exit',
    (code, signal) => (exited = `the broker process exited (code ${code}, signal ${signal})`),
  );
  let lastError = 'no answer yet';
  await waitUntil(
    `an answer from ${brokers}`,
    async () => {
      if (exited) throw new Error(exited);
      const kafka = new Kafka({
        clientId: 'gatehouse-broker-probe',
        brokers: [brokers],
        logLevel: logLevel.NOTHING,
        connectionTimeout: 1000,
        retry: { retries: 0 },
      });
      const admin = kafka.admin();
      try {
        await admin.connect();
        await admin.listTopics();
        // Creating the offsets topic now spares the first consumer group a coordinator wait.
        await admin
          .fetchOffsets({ groupId: 'gatehouse-broker-warmup', topics: [] })
          .catch(() => undefined);
        return true;
      } catch (error) {
        lastError = (error as Error).message;
        return false;
      } finally {
        await admin.disconnect().catch(() => undefined);
      }
    },
    { timeoutMs, intervalMs: 200, detail: () => `last error: ${lastError}` },
  );
}

/** SIGTERM (a controlled shutdown), then SIGKILL after `graceMs`; true when it had to kill. */
async function terminate(child: ChildProcess, graceMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let killed = false;
  child.kill('SIGTERM');
  const killTimer = setTimeout(() => {
    killed = true;
    child.kill('SIGKILL');
  }, graceMs);
  await exited;
  clearTimeout(killTimer);
  return killed;
}

function tail(file: string, lines = 40): string {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}
