/**
 * Environment variables that change how programs load or run rather than carry data: the dynamic
 * loader, shells, language runtimes and package managers, helper programs that tools start on
 * their own, TLS trust and proxies. A Job secret becomes an environment variable of the Job, so a
 * secret with one of these names would let a webhook owner run code of their choosing inside
 * whatever the Job starts, and on the worker's host with the `local` launcher
 * (docs/security.md "Delivery, Jobs, outbound requests and audit"). Keep the list in step with
 * what new runtimes read; `PROGRAM_CONTROL_ENV_PREFIXES` covers whole families.
 */
export const PROGRAM_CONTROL_ENV_NAMES: readonly string[] = [
  // Where programs are found, and the shell's start-up files (bash(1) INVOCATION, POSIX sh `ENV`).
  'PATH',
  'HOME',
  'SHELL',
  'ENV',
  'CDPATH',
  'IFS',
  'PS4',
  'PROMPT_COMMAND',
  'SHELLOPTS',
  'BASHOPTS',
  'GLOBIGNORE',
  'ZDOTDIR',
  'INPUTRC',
  // Helper programs that tools start on their own.
  'BROWSER',
  'EDITOR',
  'VISUAL',
  'PAGER',
  'MANPAGER',
  'LESSOPEN',
  'LESSCLOSE',
  'SSH_ASKPASS',
  'SUDO_ASKPASS',
  // glibc: loadable converters, locales, resolver behaviour (ld.so(8), gconv, resolv.conf(5)).
  'GCONV_PATH',
  'LOCPATH',
  'NLSPATH',
  'HOSTALIASES',
  'RES_OPTIONS',
  'LOCALDOMAIN',
  'TMPDIR',
  // Java: extra agents and classes at start-up.
  'CLASSPATH',
  '_JAVA_OPTIONS',
  // Trust and routing of outbound connections.
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'CURL_CA_BUNDLE',
  'REQUESTS_CA_BUNDLE',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'ALL_PROXY',
  'NO_PROXY',
  // Where configuration files are read from.
  'XDG_CONFIG_HOME',
  'XDG_CONFIG_DIRS',
  'XDG_DATA_HOME',
  'XDG_DATA_DIRS',
  'TERMINFO',
  'KRB5_CONFIG',
];

/**
 * Families of such variables: the loader (`LD_PRELOAD`, `LD_LIBRARY_PATH`, `DYLD_INSERT_LIBRARIES`),
 * glibc tunables, exported bash functions (`BASH_FUNC_x%%`), bash's own (`BASH_ENV`), and the
 * start-up options of runtimes and package managers (`NODE_OPTIONS`, `PYTHONSTARTUP`,
 * `PERL5OPT`, `RUBYOPT`, `JAVA_TOOL_OPTIONS`, `JDK_JAVA_OPTIONS`, `GIT_SSH_COMMAND`,
 * `PIP_INDEX_URL`, `OPENSSL_CONF`...).
 */
const PROGRAM_CONTROL_ENV_PREFIXES: readonly string[] = [
  'LD_',
  'DYLD_',
  'GLIBC_',
  'MALLOC_',
  'BASH_',
  'NODE_',
  'NPM_CONFIG_',
  'PYTHON',
  'PIP_',
  'UV_',
  'CONDA',
  'PERL',
  'RUBY',
  'GEM_',
  'BUNDLE_',
  'JAVA_',
  'JDK_',
  'DOTNET_',
  'LUA_',
  'GIT_',
  'OPENSSL_',
];

/** True when `name` (an environment variable name, case as given) changes how programs load or run. */
export function controlsProgramExecution(name: string): boolean {
  const upper = name.toUpperCase();
  return PROGRAM_CONTROL_ENV_NAMES.includes(upper) || PROGRAM_CONTROL_ENV_PREFIXES.some((prefix) => upper.startsWith(prefix));
}
