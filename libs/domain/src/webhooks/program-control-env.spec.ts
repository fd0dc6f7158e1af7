import { jobSecretsSchema } from './job-secrets';
import { controlsProgramExecution, PROGRAM_CONTROL_ENV_NAMES } from './program-control-env';

describe('controlsProgramExecution', () => {
  it.each([
    // the loader and glibc
    'LD_PRELOAD',
    'LD_LIBRARY_PATH',
    'LD_AUDIT',
    'DYLD_INSERT_LIBRARIES',
    'GCONV_PATH',
    'GLIBC_TUNABLES',
    // shells
    'PATH',
    'ENV',
    'BASH_ENV',
    'BASH_FUNC_ls%%',
    'SHELLOPTS',
    'PROMPT_COMMAND',
    'IFS',
    'HOME',
    // runtimes
    'NODE_OPTIONS',
    'NODE_PATH',
    'PYTHONPATH',
    'PYTHONSTARTUP',
    'PYTHONWARNINGS',
    'PYTHONHOME',
    'PERL5OPT',
    'PERL5LIB',
    'PERLLIB',
    'RUBYOPT',
    'RUBYLIB',
    'JAVA_TOOL_OPTIONS',
    '_JAVA_OPTIONS',
    'JDK_JAVA_OPTIONS',
    'CLASSPATH',
    // helpers started by tools, package managers, TLS and proxies
    'BROWSER',
    'EDITOR',
    'PAGER',
    'GIT_SSH_COMMAND',
    'GIT_EXTERNAL_DIFF',
    'SSH_ASKPASS',
    'LESSOPEN',
    'PIP_INDEX_URL',
    'NPM_CONFIG_REGISTRY',
    'OPENSSL_CONF',
    'SSL_CERT_FILE',
    'HTTPS_PROXY',
    // any case
    'ld_preload',
    'Path',
  ])('refuses %s', (name) => {
    expect(controlsProgramExecution(name)).toBe(true);
  });

  it.each(['HF_TOKEN', 'API_KEY', 'OPENAI_API_KEY', 'WANDB_API_KEY', 'MY_PATH', 'PATHFINDER_TOKEN', 'ENVIRONMENT', 'HOMEPAGE_URL', 'DATABASE_URL', 'S3_BUCKET', 'SLACK_WEBHOOK'])(
    'allows %s',
    (name) => {
      expect(controlsProgramExecution(name)).toBe(false);
    },
  );

  it('lists names in upper case, once each', () => {
    expect(PROGRAM_CONTROL_ENV_NAMES.every((name) => name === name.toUpperCase())).toBe(true);
    expect(new Set(PROGRAM_CONTROL_ENV_NAMES).size).toBe(PROGRAM_CONTROL_ENV_NAMES.length);
  });
});

describe('jobSecretsSchema refuses names that change how programs run', () => {
  it.each(['PATH', 'LD_PRELOAD', 'NODE_OPTIONS', 'BASH_ENV', 'ENV', 'PYTHONWARNINGS', 'BROWSER', 'PERL5OPT', 'RUBYOPT', 'JAVA_TOOL_OPTIONS'])('%s', (name) => {
    const result = jobSecretsSchema({ allowEmptyValues: true }).safeParse({ HF_TOKEN: 'hf_x', [name]: 'x' });
    expect(result.error!.issues).toEqual([expect.objectContaining({ path: [name], message: `${name} changes how programs load or run and cannot be a secret` })]);
  });
});
