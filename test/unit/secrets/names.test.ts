import { describe, expect, it } from 'vitest';
import { SecretsError } from '../../../src/main/secrets/errors';
import { checkName, checkValue, isForbiddenName, looksLikeCredential, MAX_VALUE_BYTES } from '../../../src/main/secrets/names';

function thrown(fn: () => void): SecretsError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SecretsError) return error;
    throw error;
  }
  throw new Error('expected a SecretsError');
}

describe('secret names', () => {
  it('accepts variable names and refuses everything else without echoing it', () => {
    for (const name of ['GITHUB_TOKEN', '_X', 'a1', 'NODE_AUTH_TOKEN', 'OpenAI_Key']) expect(() => checkName(name)).not.toThrow();
    for (const name of ['', '1ABC', 'MY-TOKEN', 'A B', 'sk-live-0123456789abcdef', 'A=B', 'X\nY', 'Ä_TOKEN', 'A'.repeat(257)]) {
      const error = thrown(() => checkName(name, 'NAME'));
      expect(error.code).toBe('invalid_name');
      expect(error.message).toContain('NAME is not a valid variable name');
      if (name.length > 2) expect(error.message).not.toContain(name);
    }
  });

  it('refuses loader and path variables, case-insensitively, naming the rule and the next step', () => {
    const forbidden = ['LD_PRELOAD', 'LD_LIBRARY_PATH', 'DYLD_INSERT_LIBRARIES', 'NODE_OPTIONS', 'NODE_PATH', 'PYTHONPATH',
      'PYTHONSTARTUP', 'PATH', 'Path', 'path', 'BASH_ENV', 'PERL5OPT', 'RUBYOPT', 'JAVA_TOOL_OPTIONS', 'npm_config_script_shell',
      'GIT_SSH_COMMAND', 'ELECTRON_RUN_AS_NODE', 'NODE_TLS_REJECT_UNAUTHORIZED', 'DOTNET_STARTUP_HOOKS'];
    for (const name of forbidden) {
      expect(isForbiddenName(name), name).toBe(true);
      const error = thrown(() => checkName(name));
      expect(error.code).toBe('forbidden_name');
      expect(error.nextStep).toContain('${MY_SERVICE_TOKEN}');
    }
    for (const name of ['GITHUB_TOKEN', 'NODE_AUTH_TOKEN', 'NPM_TOKEN', 'OPENAI_API_KEY', 'PATH_TOKEN', 'MY_PATH']) {
      expect(isForbiddenName(name), name).toBe(false);
    }
  });

  it('refuses empty, multi-line, NUL and oversized values without quoting them', () => {
    const secret = 'hunter2-super-secret';
    for (const value of ['', `${secret}\nsecond`, `${secret}\r`, `${secret}\0`, 'x'.repeat(MAX_VALUE_BYTES + 1)]) {
      const error = thrown(() => checkValue(value, 'API_TOKEN'));
      expect(error.code).toBe('invalid_value');
      expect(error.message).toContain('API_TOKEN');
      expect(error.message).not.toContain(secret);
    }
    expect(() => checkValue('ünïcødé-tøken with spaces', 'API_TOKEN')).not.toThrow();
  });

  it('knows what a credential name looks like', () => {
    for (const name of ['GITHUB_TOKEN', 'OPENAI_API_KEY', 'STRIPE_SECRET', 'GH_PAT', 'DB_PASSWORD', 'AWS_CREDENTIALS', 'APIKEY']) {
      expect(looksLikeCredential(name), name).toBe(true);
    }
    for (const name of ['HOME_DIR', 'LOG_LEVEL', 'KEYBOARD', 'TOKENIZER_MODEL', 'REGION']) expect(looksLikeCredential(name), name).toBe(false);
  });
});
