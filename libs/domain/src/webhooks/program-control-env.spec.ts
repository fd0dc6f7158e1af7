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
    // shells' prompts and function paths, configure's shell
    'PS1',
    'PS0',
    'FPATH',
    'CONFIG_SHELL',
    // editors, pagers and other helpers tools start
    'VIMINIT',
    'GVIMINIT',
    'EXINIT',
    'VIMRUNTIME',
    'EMACSLOADPATH',
    'FCEDIT',
    'SUDO_EDITOR',
    'MANOPT',
    'SYSTEMD_PAGER',
    'PSQL_PAGER',
    'PSQLRC',
    // archivers, copy tools, version control, downloaders
    'TAR_OPTIONS',
    'ZIPOPT',
    'RSYNC_RSH',
    'HGRCPATH',
    'SVN_SSH',
    'WGETRC',
    'GNUPGHOME',
    // cloud command lines
    'AWS_CONFIG_FILE',
    'KUBECONFIG',
    'GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES',
    // C toolchains and make
    'CC',
    'CXX',
    'LD',
    'CFLAGS',
    'LDFLAGS',
    'MAKEFLAGS',
    'MAKEFILES',
    'PKG_CONFIG',
    'CMAKE_TOOLCHAIN_FILE',
    'CMAKE_C_COMPILER_LAUNCHER',
    // Go
    'GOFLAGS',
    'GOENV',
    'GOROOT',
    'GOTOOLCHAIN',
    'GOPROXY',
    'GONOSUMDB',
    'GOCACHEPROG',
    'GOAUTH',
    'CGO_LDFLAGS',
    // Rust
    'RUSTFLAGS',
    'RUSTC_WRAPPER',
    'RUSTUP_TOOLCHAIN',
    'CARGO_BUILD_RUSTC_WRAPPER',
    'CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER',
    // PHP, R, Tcl, Lua, Julia, Erlang, .NET
    'PHPRC',
    'PHP_INI_SCAN_DIR',
    'R_PROFILE',
    'R_PROFILE_USER',
    'R_ENVIRON',
    'R_LIBS',
    'TCLLIBPATH',
    'LUA_INIT',
    'LUA_PATH',
    'JULIA_DEPOT_PATH',
    'ERL_AFLAGS',
    'ELIXIR_ERL_OPTIONS',
    'DOTNET_STARTUP_HOOKS',
    'COMPlus_EnableDiagnostics',
    'CORECLR_PROFILER_PATH',
    // Java build tools, Python and Ruby tools, JavaScript package managers
    'MAVEN_OPTS',
    'GRADLE_OPTS',
    'GRADLE_USER_HOME',
    'SBT_OPTS',
    'PERL5DB',
    'IRBRC',
    'PYTEST_ADDOPTS',
    'PYTEST_PLUGINS',
    'IPYTHONDIR',
    'YARN_YARN_PATH',
    'COREPACK_NPM_REGISTRY',
    // any case
    'ld_preload',
    'Path',
  ])('refuses %s', (name) => {
    expect(controlsProgramExecution(name)).toBe(true);
  });

  it.each([
    'HF_TOKEN',
    'API_KEY',
    'OPENAI_API_KEY',
    'WANDB_API_KEY',
    'MY_PATH',
    'PATHFINDER_TOKEN',
    'ENVIRONMENT',
    'HOMEPAGE_URL',
    'DATABASE_URL',
    'S3_BUCKET',
    'SLACK_WEBHOOK',
    // credentials of tools whose other settings are refused: only the exact names and families above are
    'GOOGLE_API_KEY',
    'GOOGLE_APPLICATION_CREDENTIALS',
    'MAVEN_PASSWORD',
    'GRADLE_ENTERPRISE_ACCESS_KEY',
    'AWS_SECRET_ACCESS_KEY',
    'LDAP_PASSWORD',
    'CCACHE_SECRET',
    'RUST_LOG',
    'ERLANG_COOKIE',
  ])('allows %s', (name) => {
    expect(controlsProgramExecution(name)).toBe(false);
  });

  it('lists names in upper case, once each', () => {
    expect(PROGRAM_CONTROL_ENV_NAMES.every((name) => name === name.toUpperCase())).toBe(true);
    expect(new Set(PROGRAM_CONTROL_ENV_NAMES).size).toBe(PROGRAM_CONTROL_ENV_NAMES.length);
  });
});

describe('jobSecretsSchema refuses names that change how programs run', () => {
  it.each([
    'PATH',
    'LD_PRELOAD',
    'NODE_OPTIONS',
    'BASH_ENV',
    'ENV',
    'PYTHONWARNINGS',
    'BROWSER',
    'PERL5OPT',
    'RUBYOPT',
    'JAVA_TOOL_OPTIONS',
    'TAR_OPTIONS',
    'GOFLAGS',
    'VIMINIT',
    'PHPRC',
  ])('%s', (name) => {
    const result = jobSecretsSchema({ allowEmptyValues: true }).safeParse({
      HF_TOKEN: 'hf_x',
      [name]: 'x',
    });
    expect(result.error!.issues).toEqual([
      expect.objectContaining({
        path: [name],
        message: `${name} changes how programs load or run and cannot be a secret`,
      }),
    ]);
  });
});
