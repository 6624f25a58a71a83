// What may be stored as a secret. Names become environment variable names of child processes, so a name
// that changes how a program loads code (LD_PRELOAD, NODE_OPTIONS, PYTHONPATH, …) is refused outright:
// storing it would let whoever sets a "credential" run code inside every server that references it.
import { SecretsError } from './errors';

export const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_NAME_LENGTH = 256;
/** Windows Credential Manager caps a credential blob at 2560 bytes; other stores are larger. */
export const MAX_VALUE_BYTES = 2560;

/** Compared upper-cased: Windows treats environment names case-insensitively. */
const FORBIDDEN_EXACT = new Set([
  'PATH', 'PATHEXT', 'HOME', 'SHELL', 'ENV', 'BASH_ENV', 'IFS', 'PS4', 'SHELLOPTS', 'BASHOPTS', 'CDPATH',
  'NODE_OPTIONS', 'NODE_PATH', 'NODE_EXTRA_CA_CERTS', 'NODE_TLS_REJECT_UNAUTHORIZED', 'NODE_REPL_EXTERNAL_MODULE',
  'ELECTRON_RUN_AS_NODE', 'PERL5LIB', 'PERL5OPT', 'PERLLIB', 'RUBYLIB', 'RUBYOPT', 'GEM_PATH', 'GEM_HOME',
  'JAVA_TOOL_OPTIONS', '_JAVA_OPTIONS', 'JDK_JAVA_OPTIONS', 'CLASSPATH', 'GCONV_PATH', 'LOCPATH', 'TMPDIR',
  'GIT_SSH', 'GIT_SSH_COMMAND', 'GIT_EXEC_PATH', 'GIT_ASKPASS', 'SSH_ASKPASS', 'GIT_PROXY_COMMAND',
  'GIT_CONFIG_GLOBAL', 'GIT_CONFIG_SYSTEM', 'GIT_CONFIG_PARAMETERS', 'GIT_CONFIG_COUNT', 'GIT_TEMPLATE_DIR',
  'DOTNET_STARTUP_HOOKS', 'COMSPEC', 'SYSTEMROOT', 'WINDIR', 'PSMODULEPATH', 'UV_PYTHON', 'VIRTUAL_ENV',
  'SSL_CERT_FILE', 'SSL_CERT_DIR', 'REQUESTS_CA_BUNDLE', 'CURL_CA_BUNDLE',
]);
const FORBIDDEN_PREFIXES = ['LD_', 'DYLD_', 'PYTHON', 'NPM_CONFIG_', 'CORECLR_', 'COR_', 'GIT_CONFIG_KEY_', 'GIT_CONFIG_VALUE_', 'UV_INDEX', 'PIP_'];

export function isForbiddenName(name: string): boolean {
  const upper = name.toUpperCase();
  return FORBIDDEN_EXACT.has(upper) || FORBIDDEN_PREFIXES.some((prefix) => upper.startsWith(prefix));
}

/** Throws invalid_name or forbidden_name; `where` says which flag, field or file line the name came from. */
export function checkName(name: string, where = 'name'): void {
  if (!NAME_PATTERN.test(name) || name.length > MAX_NAME_LENGTH) {
    throw new SecretsError(
      'invalid_name',
      // Not echoed: a mistyped command line may have put a value where the name belongs.
      `${where} is not a valid variable name (letters, digits and _, not starting with a digit, at most ${MAX_NAME_LENGTH} characters)`,
      'use a name like GITHUB_TOKEN',
    );
  }
  if (isForbiddenName(name)) {
    throw new SecretsError(
      'forbidden_name',
      `${where}: "${name}" changes how programs load code or find files, so Gatehouse never stores it as a secret`,
      'store the credential under its own name (for example MY_SERVICE_TOKEN) and reference it as ${MY_SERVICE_TOKEN} in the config',
      { name },
    );
  }
}

/** Throws invalid_value. Never puts the value (or any part of it) into the message. */
export function checkValue(value: string, name: string): void {
  const problem =
    value.length === 0 ? 'is empty'
    : /[\r\n]/.test(value) ? 'contains a line break'
    : value.includes('\0') ? 'contains a NUL character'
    : Buffer.byteLength(value, 'utf8') > MAX_VALUE_BYTES ? `is longer than ${MAX_VALUE_BYTES} bytes`
    : null;
  if (problem) {
    throw new SecretsError('invalid_value', `the value for ${name} ${problem}; it was not stored`, 'provide the value as a single line', { name });
  }
}

const CREDENTIAL_WORDS = /(?:^|_)(?:TOKEN|KEY|APIKEY|SECRET|PAT|PASSWORD|PASSWD|PASSPHRASE|PASS|PWD|CREDENTIALS?|AUTH)$/i;

/** Names a caller may store without a server declaring them must look like credentials. */
export function looksLikeCredential(name: string): boolean {
  return CREDENTIAL_WORDS.test(name);
}
