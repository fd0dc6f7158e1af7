/**
 * Environment variables that change how programs load or run rather than carry data: the dynamic
 * loader, shells, language runtimes, compilers and build tools, package managers, helper programs
 * that tools start on their own, TLS trust and proxies. A Job secret becomes an environment
 * variable of the Job, so a secret with one of these names would let a webhook owner run code of
 * their choosing inside whatever the Job starts, and on the worker's host with the `local` launcher
 * (docs/security.md "Job webhooks running code on the worker's host").
 *
 * A name is listed when a common program reads it as a command to run, as options that can name
 * one (`--to-command`, `-toolexec`, `-wrapper`, `--eval`), or as a file or directory to load code,
 * start-up commands or configuration from. A path counts even without a file of the owner's:
 * `/proc/self/environ` holds the Job's own variables, the secrets' values among them. Keep the
 * list in step with what new runtimes read; `PROGRAM_CONTROL_ENV_PREFIXES` covers whole families.
 */
export const PROGRAM_CONTROL_ENV_NAMES: readonly string[] = [
  // Where programs are found, and the shell's start-up files and prompts, which are expanded,
  // command substitutions included (bash(1) INVOCATION and PROMPTING, POSIX sh `ENV`, zsh `FPATH`).
  'PATH',
  'HOME',
  'SHELL',
  'ENV',
  'CDPATH',
  'IFS',
  'PS0',
  'PS1',
  'PS2',
  'PS4',
  'PROMPT_COMMAND',
  'SHELLOPTS',
  'BASHOPTS',
  'GLOBIGNORE',
  'ZDOTDIR',
  'FPATH',
  'INPUTRC',
  // autoconf's configure re-runs itself under CONFIG_SHELL.
  'CONFIG_SHELL',
  // Helper programs that tools start on their own.
  'BROWSER',
  'EDITOR',
  'VISUAL',
  'FCEDIT',
  'SUDO_EDITOR',
  'PAGER',
  'MANPAGER',
  'MANOPT',
  'SYSTEMD_PAGER',
  'SYSTEMD_EDITOR',
  'LESSOPEN',
  'LESSCLOSE',
  'SSH_ASKPASS',
  'SUDO_ASKPASS',
  'PSQL_PAGER',
  'PSQL_EDITOR',
  'PSQLRC',
  // Editors' start-up commands and runtime files (vim `:h VIMINIT`, `:h EXINIT`; Emacs).
  'VIMINIT',
  'GVIMINIT',
  'EXINIT',
  'VIM',
  'VIMRUNTIME',
  'EMACSLOADPATH',
  // Archivers and copy tools: default options that can name a program to run (tar
  // `--to-command`, `--use-compress-program`, `--checkpoint-action=exec`; zip `-TT`) or the remote shell.
  'TAR_OPTIONS',
  'ZIPOPT',
  'RSYNC_RSH',
  'RSYNC_CONNECT_PROG',
  // Version control other than git (GIT_ is a family below): hooks in the configuration, ssh and editor commands.
  'HGRCPATH',
  'HGEDITOR',
  'SVN_SSH',
  'SVN_EDITOR',
  // Downloaders' configuration (wget `use_askpass` runs a program; curl's options and trust).
  'WGETRC',
  'CURL_HOME',
  // Cloud command lines' configuration: aws `credential_process` and kubectl's exec credential
  // plugins are commands; Google's client libraries run a credential file's executable only with
  // the flag below.
  'AWS_CONFIG_FILE',
  'AWS_SHARED_CREDENTIALS_FILE',
  'KUBECONFIG',
  'GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES',
  // C toolchains and make: the compiler, linker and helpers are commands, gcc's `-wrapper` and
  // `-fplugin` run or load one from the flags, make reads variable definitions and `--eval`
  // from MAKEFLAGS and extra makefiles from MAKEFILES (also what Go's cgo, pip and cargo build with).
  'CC',
  'CXX',
  'CPP',
  'LD',
  'AR',
  'AS',
  'FC',
  'PKG_CONFIG',
  'CFLAGS',
  'CXXFLAGS',
  'CPPFLAGS',
  'LDFLAGS',
  'MAKEFLAGS',
  'GNUMAKEFLAGS',
  'MAKEFILES',
  // Go (`go help environment`): flags (`-toolexec`), the toolchain and where it comes from,
  // module sources and their checksum database, commands it starts (GOAUTH, GOCACHEPROG).
  'GOFLAGS',
  'GOENV',
  'GOROOT',
  'GOPATH',
  'GOTOOLCHAIN',
  'GOPROXY',
  'GONOPROXY',
  'GOPRIVATE',
  'GOSUMDB',
  'GONOSUMDB',
  'GOINSECURE',
  'GOVCS',
  'GOWORK',
  'GOMODCACHE',
  'GOCACHE',
  'GOCACHEPROG',
  'GOAUTH',
  'GCCGO',
  // Rust: the compiler and wrappers around it; flags naming a linker (`-C linker=`).
  'RUSTFLAGS',
  'RUSTDOCFLAGS',
  'RUSTDOC',
  // PHP: the php.ini it reads (`auto_prepend_file`).
  'PHPRC',
  'PHP_INI_SCAN_DIR',
  // R: start-up profiles and environment files, libraries, the installation.
  'R_HOME',
  'R_PROFILE',
  'R_PROFILE_USER',
  'R_ENVIRON',
  'R_ENVIRON_USER',
  'R_LIBS',
  'R_LIBS_USER',
  'R_LIBS_SITE',
  // Tcl and Tk libraries, Ruby's irb start-up file.
  'TCLLIBPATH',
  'TCL_LIBRARY',
  'TK_LIBRARY',
  'IRBRC',
  // Python tools outside the PYTHON family: plugins pytest imports, IPython and Jupyter start-up files.
  'PYTEST_ADDOPTS',
  'PYTEST_PLUGINS',
  'IPYTHONDIR',
  'JUPYTER_CONFIG_DIR',
  'JUPYTER_PATH',
  // Erlang/Elixir VM flags (`-eval`), and the libraries it loads.
  'ERL_AFLAGS',
  'ERL_FLAGS',
  'ERL_ZFLAGS',
  'ERL_LIBS',
  'ELIXIR_ERL_OPTIONS',
  // glibc: loadable converters, locales, resolver behaviour, getconf's programs (ld.so(8), gconv, resolv.conf(5)).
  'GCONV_PATH',
  'GETCONF_DIR',
  'LOCPATH',
  'NLSPATH',
  'HOSTALIASES',
  'RES_OPTIONS',
  'LOCALDOMAIN',
  'TMPDIR',
  // Java and its build tools: extra agents (`-javaagent`) and classes at start-up, Gradle init scripts.
  'CLASSPATH',
  '_JAVA_OPTIONS',
  'MAVEN_OPTS',
  'MAVEN_ARGS',
  'GRADLE_OPTS',
  'GRADLE_USER_HOME',
  'SBT_OPTS',
  'ANT_OPTS',
  'ANT_ARGS',
  // Trust and routing of outbound connections.
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'CURL_CA_BUNDLE',
  'REQUESTS_CA_BUNDLE',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'ALL_PROXY',
  'NO_PROXY',
  // Where configuration files are read from (GnuPG's names helper programs such as pinentry).
  'XDG_CONFIG_HOME',
  'XDG_CONFIG_DIRS',
  'XDG_DATA_HOME',
  'XDG_DATA_DIRS',
  'TERMINFO',
  'TERMINFO_DIRS',
  'KRB5_CONFIG',
  'GNUPGHOME',
];

/**
 * Families of such variables: the loader (`LD_PRELOAD`, `LD_LIBRARY_PATH`, `DYLD_INSERT_LIBRARIES`),
 * glibc tunables, exported bash functions (`BASH_FUNC_x%%`), bash's own (`BASH_ENV`), the start-up
 * options of runtimes and package managers (`NODE_OPTIONS`, `PYTHONSTARTUP`, `PERL5OPT`, `PERL5DB`,
 * `RUBYOPT`, `JAVA_TOOL_OPTIONS`, `JDK_JAVA_OPTIONS`, `LUA_INIT`, `JULIA_DEPOT_PATH`,
 * `YARN_YARN_PATH`, `COREPACK_NPM_REGISTRY`), .NET's runtime and profiler (`DOTNET_STARTUP_HOOKS`,
 * `CORECLR_PROFILER_PATH`, the older `COMPlus_` spelling), cgo's flags, cargo's and rustup's
 * settings (`CARGO_BUILD_RUSTC_WRAPPER`, `CARGO_TARGET_<triple>_RUNNER`, `RUSTC_WRAPPER`,
 * `RUSTUP_TOOLCHAIN`), CMake's (`CMAKE_TOOLCHAIN_FILE`, `CMAKE_C_COMPILER_LAUNCHER`), and
 * `GIT_SSH_COMMAND`, `PIP_INDEX_URL`, `OPENSSL_CONF`...
 */
const PROGRAM_CONTROL_ENV_PREFIXES: readonly string[] = [
  'LD_',
  'DYLD_',
  'GLIBC_',
  'MALLOC_',
  'BASH_',
  'NODE_',
  'NPM_CONFIG_',
  'YARN_',
  'COREPACK_',
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
  'COMPLUS_',
  'CORECLR_',
  'LUA_',
  'JULIA_',
  'CGO_',
  'CARGO_',
  'RUSTC',
  'RUSTUP_',
  'CMAKE_',
  'GIT_',
  'OPENSSL_',
];

/** True when `name` (an environment variable name, case as given) changes how programs load or run. */
export function controlsProgramExecution(name: string): boolean {
  const upper = name.toUpperCase();
  return (
    PROGRAM_CONTROL_ENV_NAMES.includes(upper) ||
    PROGRAM_CONTROL_ENV_PREFIXES.some((prefix) => upper.startsWith(prefix))
  );
}
