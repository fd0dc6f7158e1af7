import { Writable } from 'node:stream';
import pino from 'pino';
import { configuredJobLauncher } from './configured-job-launcher';
import { DisabledJobLauncher } from './disabled-job-launcher';
import { KubernetesJobLauncher } from './infrastructure/kubernetes-job-launcher';
import { DEFAULT_KUBERNETES_JOB_SETTINGS } from './kubernetes-job-manifest';
import { LocalProcessJobLauncher } from './infrastructure/local-process-job-launcher';

/** A real pino logger writing its JSON lines to memory; `lines` keeps level, fields and message. */
function recordingLogger() {
  const lines: Array<{ level: string; fields: object; message: string }> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const { level, msg, jobLauncher, runsJobsAs } = JSON.parse(chunk.toString()) as Record<
        string,
        unknown
      >;
      lines.push({
        level: pino.levels.labels[level as number]!,
        fields: { jobLauncher, ...(runsJobsAs ? { runsJobsAs } : {}) },
        message: msg as string,
      });
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, sink) };
}

const settings = {
  localJobUser: { uid: 65_534, gid: 65_534 },
  kubernetes: DEFAULT_KUBERNETES_JOB_SETTINGS,
};

describe('configuredJobLauncher', () => {
  it('local: says at start that Jobs run on this host, for development only', () => {
    const { lines, logger } = recordingLogger();
    expect(configuredJobLauncher({ ...settings, jobLauncher: 'local' }, logger)).toBeInstanceOf(
      LocalProcessJobLauncher,
    );
    const asRoot = process.getuid?.() === 0;
    expect(lines).toEqual([
      {
        level: 'warn',
        fields: { jobLauncher: 'local', runsJobsAs: asRoot ? '65534:65534' : 'this worker itself' },
        message:
          'Job webhooks run as processes on this host (GATEHOUSE_JOB_LAUNCHER=local): for development only; use kubernetes, or disabled, anywhere else',
      },
    ]);
  });

  it('disabled: says Job deliveries will fail', () => {
    const { lines, logger } = recordingLogger();
    expect(configuredJobLauncher({ ...settings, jobLauncher: 'disabled' }, logger)).toBeInstanceOf(
      DisabledJobLauncher,
    );
    expect(lines).toEqual([
      {
        level: 'info',
        fields: { jobLauncher: 'disabled' },
        message: 'Job webhooks are disabled: their deliveries fail',
      },
    ]);
  });

  it('kubernetes: quietly', () => {
    const { lines, logger } = recordingLogger();
    expect(
      configuredJobLauncher({ ...settings, jobLauncher: 'kubernetes' }, logger),
    ).toBeInstanceOf(KubernetesJobLauncher);
    expect(lines).toEqual([]);
  });

  it("a caller's own launcher is used as it is", () => {
    const { logger } = recordingLogger();
    const own = new DisabledJobLauncher();
    expect(configuredJobLauncher({ ...settings, jobLauncher: own }, logger)).toBe(own);
  });
});
