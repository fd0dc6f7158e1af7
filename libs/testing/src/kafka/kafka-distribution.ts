import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { requireCommand } from '../infra/command-probe';

/** The pom that names the broker jars; its `<kafka.version>` is the one Kafka version of the test tiers. */
export const KAFKA_POM = resolve(__dirname, '../../../../tools/kafka/pom.xml');
const MARKER = '.gatehouse-complete';

export const JAVA_INSTALL_HINT =
  'apt-get install openjdk-17-jre-headless (or set JAVA_HOME to a JDK 17+)';
export const MAVEN_INSTALL_HINT = 'apt-get install maven';

export function kafkaVersion(): string {
  const match = /<kafka\.version>([^<]+)<\/kafka\.version>/.exec(readFileSync(KAFKA_POM, 'utf8'));
  if (!match) throw new Error(`${KAFKA_POM} does not declare <kafka.version>`);
  return match[1].trim();
}

/**
 * Where the jars live: `$GATEHOUSE_KAFKA_CACHE/kafka-<version>/libs`, by default under
 * `~/.cache/gatehouse`. Outside the repository so that fresh clones and CI runs reuse them.
 */
export function kafkaLibsDir(version = kafkaVersion()): string {
  const root = process.env.GATEHOUSE_KAFKA_CACHE ?? join(homedir(), '.cache', 'gatehouse');
  return join(root, `kafka-${version}`, 'libs');
}

export function javaCommand(): string {
  return process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
}

/**
 * Makes sure the broker jars are in the cache and returns their directory. Maven runs only when
 * the cache lacks a marker written after a complete copy of this very pom; it copies into a
 * scratch directory renamed into place, so two runs racing never see half a directory.
 */
export async function ensureKafkaJars(): Promise<string> {
  const pom = readFileSync(KAFKA_POM, 'utf8');
  const fingerprint = createHash('sha256').update(pom).digest('hex');
  const libs = kafkaLibsDir();
  if (readMarker(libs) === fingerprint) return libs;

  requireCommand('mvn', ['-v'], MAVEN_INSTALL_HINT);
  const scratch = `${libs}.partial-${process.pid}-${Date.now()}`;
  mkdirSync(scratch, { recursive: true });
  try {
    await runMaven([
      '-q',
      '-B',
      '-f',
      KAFKA_POM,
      'dependency:copy-dependencies',
      `-DoutputDirectory=${scratch}`,
    ]);
    if (!readdirSync(scratch).some((name) => name.startsWith('kafka_2.13-'))) {
      throw new Error(`Maven finished but ${scratch} holds no kafka_2.13 jar`);
    }
    writeFileSync(join(scratch, MARKER), fingerprint);
    if (existsSync(libs)) rmSync(libs, { recursive: true, force: true });
    renameSync(scratch, libs);
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    if (readMarker(libs) === fingerprint) return libs; // another run won the race
    throw error;
  }
  return libs;
}

function readMarker(libs: string): string | undefined {
  const marker = join(libs, MARKER);
  return existsSync(marker) ? readFileSync(marker, 'utf8').trim() : undefined;
}

function runMaven(args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('mvn', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) return resolvePromise();
      reject(
        new Error(
          `Downloading the Kafka broker jars failed: 'mvn ${args.join(' ')}' exited with ${code}. ` +
            `Maven Central must be reachable (or the jars already in ~/.m2).\n${output}`,
        ),
      );
    });
  });
}
