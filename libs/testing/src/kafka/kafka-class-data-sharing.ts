import { createHash } from 'node:crypto';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface ClassDataSharing {
  /** JVM flags for the broker process: use the archive, or dump one at exit. */
  brokerArgs: string[];
  /** JVM flags for short-lived tools on the same class path: use the archive if there is one. */
  toolArgs: string[];
  /** Whether this broker dumps an archive when it exits (a slower stop). */
  dumping: boolean;
  /** Call once the broker JVM has exited: keeps the archive it dumped, unless it was killed mid-dump. */
  afterExit(exitedCleanly: boolean): void;
}

/**
 * AppCDS for the broker JVM (JDK 13+): the first broker of a cache dumps the classes it loaded
 * into an archive at exit; later brokers map that archive instead of loading and verifying ~3 000
 * classes from jars, which roughly halves their startup. The archive is named after the JVM's
 * version, since an archive from another JVM is refused (and then merely unused).
 */
export function classDataSharing(javaVersionText: string, libsDir: string): ClassDataSharing {
  const tag = createHash('sha256').update(javaVersionText).digest('hex').slice(0, 12);
  const archive = join(dirname(libsDir), `kafka-broker-${tag}.jsa`);
  if (existsSync(archive)) {
    const useArchive = [`-XX:SharedArchiveFile=${archive}`];
    return {
      brokerArgs: useArchive,
      toolArgs: useArchive,
      dumping: false,
      afterExit: () => undefined,
    };
  }

  const partial = `${archive}.${process.pid}-${Date.now()}.partial`;
  return {
    brokerArgs: [`-XX:ArchiveClassesAtExit=${partial}`],
    toolArgs: [],
    dumping: true,
    afterExit: (exitedCleanly) => {
      if (!existsSync(partial)) return;
      if (!exitedCleanly || existsSync(archive)) rmSync(partial, { force: true });
      else renameSync(partial, archive);
    },
  };
}
