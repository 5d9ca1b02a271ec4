import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('has defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      behindProxy: false,
      SESSION_DAYS: 30,
      AUTH_RATE_LIMIT: 10,
      publicUrl: 'http://localhost:3000',
      production: false,
      secureCookies: false,
      REGISTER_URL: '/auth/qrqrid/signup',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.sqliteFile).toBe(path.join(config.DATA_DIR, 'qrqr.sqlite'));
    expect(path.isAbsolute(config.DATA_DIR)).toBe(true);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', SMTP_URL: '', PUBLIC_URL: '' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('reads good values', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      PUBLIC_URL: 'https://qr.example.jp/',
      DATABASE_URL: 'postgresql://u:p@db:5432/qr',
      SMTP_URL: 'smtps://user:pass@mail.example.jp:465',
      TRUST_PROXY: '1',
      AUTH_RATE_LIMIT: '25',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      publicUrl: 'https://qr.example.jp',
      production: true,
      secureCookies: true,
      TRUST_PROXY: 1,
      behindProxy: true,
      AUTH_RATE_LIMIT: 25,
      DATABASE_URL: 'postgresql://u:p@db:5432/qr',
      SMTP_URL: 'smtps://user:pass@mail.example.jp:465',
    });
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it("takes Redis only when REDIS_URL names one, with the install's key prefix", () => {
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(loadConfig({}).REDIS_PREFIX).toBe('qrqr:');
    expect(loadConfig({ REDIS_URL: '' }).REDIS_URL).toBeUndefined();
    expect(
      loadConfig({ REDIS_URL: 'rediss://:secret@cache.internal:6380/2', REDIS_PREFIX: 'shop-a:' }),
    ).toMatchObject({ REDIS_URL: 'rediss://:secret@cache.internal:6380/2', REDIS_PREFIX: 'shop-a:' });
    expect(problemsOf({ REDIS_URL: 'localhost:6379' })[0]).toContain('redis:// or rediss://');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '0'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://localhost/qr'],
    ['DATABASE_URL', 'qr.sqlite'],
    ['PUBLIC_URL', 'qr.example.jp'],
    ['PUBLIC_URL', 'ftp://qr.example.jp'],
    ['SMTP_URL', 'mail.example.jp:25'],
    ['SMTP_URL', 'http://mail.example.jp'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', '10.0.0.1,proxy.local'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['DATABASE_SCHEMA', 'Bad-Schema'],
    ['REDIS_URL', 'localhost:6379'],
    ['REDIS_URL', 'http://cache:6379'],
    ['REDIS_PREFIX', 'qr qr'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`${name}=${JSON.stringify(value)}`);
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`Invalid configuration:[\\s\\S]*${name}=`),
    );
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'x', SMTP_URL: 'y', PUBLIC_URL: 'z' });
    expect(problems.map((p) => p.split('=')[0]).sort()).toEqual(['PORT', 'PUBLIC_URL', 'SMTP_URL']);
  });

  it.each([
    ['false', false],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.0/8, 192.168.1.1,fd00::/8', ['10.0.0.0/8', '192.168.1.1', 'fd00::/8']],
  ])('reads TRUST_PROXY=%s as what to trust', (value, trust) => {
    const config = loadConfig({ TRUST_PROXY: value });
    expect(config.TRUST_PROXY).toEqual(trust);
    expect(config.behindProxy).toBe(trust !== false);
  });

  it.each(['true', 'yes'])('refuses TRUST_PROXY=%s and says what to write instead', (value) => {
    const [problem] = problemsOf({ TRUST_PROXY: value });
    expect(problem).toContain(`TRUST_PROXY="${value}"`);
    expect(problem).toContain('would trust any X-Forwarded-For a client sends');
    expect(problem).toContain('number of proxies in front of the server (e.g. 1)');
    expect(problem).toContain('10.0.0.0/8');
  });
});
