import { describe, expect, it } from 'vitest';
import { buildChildEnv, TRUST_VARIABLES } from '../../../src/main/common/child-env';

const gatewayEnv: NodeJS.ProcessEnv = {
  HOME: '/home/u',
  USER: 'u',
  LOGNAME: 'u',
  PATH: '/usr/bin:/bin',
  SHELL: '/bin/zsh',
  TERM: 'xterm',
  LANG: 'en_US.UTF-8',
  LC_ALL: 'C',
  LC_TIME: 'de_DE.UTF-8',
  TZ: 'UTC',
  TMPDIR: '/tmp',
  XDG_CONFIG_HOME: '/home/u/.config',
  XDG_RUNTIME_DIR: '/run/user/1000',
  HTTPS_PROXY: 'http://proxy:3128',
  no_proxy: 'localhost',
  AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'aws-secret',
  GITHUB_TOKEN: 'ghp_secret',
  OPENAI_API_KEY: 'sk-secret',
  NODE_OPTIONS: '--inspect',
  GATEHOUSE_CONFIG: '/x.json',
  UNDEFINED_ONE: undefined,
};

describe('buildChildEnv', () => {
  it('passes the allowlisted base variables, including LC_* and XDG_*, and proxies', () => {
    const { env, missing } = buildChildEnv(gatewayEnv, {});
    expect(env).toEqual({
      HOME: '/home/u',
      USER: 'u',
      LOGNAME: 'u',
      PATH: '/usr/bin:/bin',
      SHELL: '/bin/zsh',
      TERM: 'xterm',
      LANG: 'en_US.UTF-8',
      LC_ALL: 'C',
      LC_TIME: 'de_DE.UTF-8',
      TZ: 'UTC',
      TMPDIR: '/tmp',
      XDG_CONFIG_HOME: '/home/u/.config',
      XDG_RUNTIME_DIR: '/run/user/1000',
      HTTPS_PROXY: 'http://proxy:3128',
      no_proxy: 'localhost',
    });
    expect(missing).toEqual([]);
  });

  it('never passes secrets or other gateway variables the entry does not name', () => {
    const { env } = buildChildEnv(gatewayEnv, { MODE: 'prod' });
    for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'GITHUB_TOKEN', 'OPENAI_API_KEY', 'NODE_OPTIONS', 'GATEHOUSE_CONFIG']) {
      expect(env).not.toHaveProperty(name);
    }
    expect(Object.values(env)).not.toContain('aws-secret');
    expect(Object.values(env)).not.toContain('ghp_secret');
    expect(env.MODE).toBe('prod');
  });

  it('passes a secret only under the name and in the form the entry asks for', () => {
    const { env, missing } = buildChildEnv(gatewayEnv, { GH: '${GITHUB_TOKEN}', AUTH: 'token ${OPENAI_API_KEY}' });
    expect(env.GH).toBe('ghp_secret');
    expect(env.AUTH).toBe('token sk-secret');
    expect(env).not.toHaveProperty('GITHUB_TOKEN');
    expect(env).not.toHaveProperty('OPENAI_API_KEY');
    expect(env).not.toHaveProperty('AWS_SECRET_ACCESS_KEY');
    expect(missing).toEqual([]);
  });

  it('lets configured values override the base variables', () => {
    const { env } = buildChildEnv(gatewayEnv, { PATH: '/opt/tool/bin:${PATH}', LANG: 'C' });
    expect(env.PATH).toBe('/opt/tool/bin:/usr/bin:/bin');
    expect(env.LANG).toBe('C');
  });

  it('keeps $NAME literal: only ${NAME} reaches into the gateway environment', () => {
    expect(buildChildEnv(gatewayEnv, { T: '$GITHUB_TOKEN' }).env.T).toBe('$GITHUB_TOKEN');
  });

  it('reports missing variables sorted and uses fallbacks', () => {
    const { env, missing } = buildChildEnv(gatewayEnv, {
      B: '${ZZ_TOKEN}',
      A: '${AA_TOKEN}',
      C: '${CC_TOKEN:-none}',
      D: '${UNDEFINED_ONE}',
    });
    expect(missing).toEqual(['AA_TOKEN', 'UNDEFINED_ONE', 'ZZ_TOKEN']);
    expect(env.C).toBe('none');
  });

  it('does not match allowlist names by prefix or in another case (except the proxy pairs)', () => {
    const { env } = buildChildEnv({ HOMEDIR: '/x', PATHS: 'y', path: 'z', XDGX: 'a', LCX: 'b', http_proxy: 'p' }, {});
    expect(env).toEqual({ http_proxy: 'p' });
  });

  it('passes the Windows system variables', () => {
    const { env } = buildChildEnv({ SystemRoot: 'C:\\Windows', COMSPEC: 'cmd.exe', PATHEXT: '.EXE', USERPROFILE: 'C:\\Users\\u', APPDATA: 'a' }, {});
    expect(Object.keys(env).sort()).toEqual(['APPDATA', 'COMSPEC', 'PATHEXT', 'SystemRoot', 'USERPROFILE']);
  });

  it("passes the machine's TLS trust settings to every child (issue 12, item 6)", () => {
    const trust = {
      SSL_CERT_FILE: '/etc/corp/ca.pem',
      SSL_CERT_DIR: '/etc/corp/certs',
      NODE_EXTRA_CA_CERTS: '/etc/corp/ca.pem',
      REQUESTS_CA_BUNDLE: '/etc/corp/bundle.pem',
      CURL_CA_BUNDLE: '/etc/corp/bundle.pem',
      PIP_CERT: '/etc/corp/bundle.pem',
      UV_SYSTEM_CERTS: '1',
      UV_NATIVE_TLS: 'true',
    };
    const { env } = buildChildEnv({ ...gatewayEnv, ...trust }, {});
    expect(env).toMatchObject(trust);
    expect([...TRUST_VARIABLES].sort()).toEqual(Object.keys(trust).sort());
  });

  it('passes no look-alike of a trust setting, nothing that turns verification off, and no other UV_*/PIP_* setting', () => {
    const { env } = buildChildEnv({
      ssl_cert_file: '/a.pem', SSL_CERT_FILES: '/b.pem', NODE_EXTRA_CA_CERTS_X: '/c.pem',
      NODE_TLS_REJECT_UNAUTHORIZED: '0', PYTHONHTTPSVERIFY: '0', UV_INSECURE_HOST: 'pypi.org',
      UV_INDEX_URL: 'https://user:pw@mirror.invalid/simple', PIP_INDEX_URL: 'https://user:pw@mirror.invalid/simple',
    }, {});
    expect(env).toEqual({});
  });

  it("lets an entry name its own certificate file over the machine's", () => {
    const { env } = buildChildEnv({ SSL_CERT_FILE: '/etc/corp/ca.pem' }, { SSL_CERT_FILE: '/srv/server-ca.pem' });
    expect(env.SSL_CERT_FILE).toBe('/srv/server-ca.pem');
  });
});
