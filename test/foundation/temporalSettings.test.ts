import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../common/config';
import { temporalConnection, TemporalSettingsError } from '../../common/temporalConnection';

// Temporal's connection settings mean here what they mean to the `temporal` CLI (Temporal's environment
// configuration): TEMPORAL_* variables laid over a TOML profile; the real cluster of test/cluster/ shows
// them connecting, these show how they resolve.

describe('Temporal connection settings (envconfig)', () => {
  let dir: string;
  let tomlPath: string;
  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-temporal-settings-'));
    tomlPath = path.join(dir, 'temporal.toml');
    await fs.writeFile(
      path.join(dir, 'ca.pem'),
      '-----BEGIN CERTIFICATE-----\nnot checked here\n-----END CERTIFICATE-----\n',
    );
    await fs.writeFile(
      tomlPath,
      [
        '[profile.default]',
        'address = "default.example:7233"',
        '',
        '[profile.prod]',
        'address = "prod.tmprl.example:7233"',
        'namespace = "sales-practice.acct"',
        'api_key = "profile-key"',
        '[profile.prod.tls]',
        `server_ca_cert_path = "${path.join(dir, 'ca.pem')}"`,
        'server_name = "prod.tmprl.example"',
        '',
      ].join('\n'),
    );
  });
  after(async () => fs.rm(dir, { recursive: true, force: true }));

  it('takes address and namespace from the profile TEMPORAL_PROFILE names, and TLS with the API key', () => {
    const config = loadConfig({ TEMPORAL_CONFIG_FILE: tomlPath, TEMPORAL_PROFILE: 'prod' });
    expect(config).to.include({
      TEMPORAL_ADDRESS: 'prod.tmprl.example:7233',
      TEMPORAL_NAMESPACE: 'sales-practice.acct',
    });
    const connection = temporalConnection(config);
    expect(connection.namespace).to.equal('sales-practice.acct');
    expect(connection.options.apiKey).to.equal('profile-key');
    expect(connection.options.tls).to.include({ serverNameOverride: 'prod.tmprl.example' });
    expect(connection.description).to.equal(
      `prod.tmprl.example:7233 (TLS: server CA ${path.join(dir, 'ca.pem')}, no client certificate, server name prod.tmprl.example; API key)`,
    );
    expect(connection.description).to.not.contain('profile-key');
  });

  it('lets a variable win over the profile, as the CLI does; without either, the defaults', () => {
    const config = loadConfig({
      TEMPORAL_CONFIG_FILE: tomlPath,
      TEMPORAL_PROFILE: 'prod',
      TEMPORAL_ADDRESS: 'override.example:7233',
      TEMPORAL_API_KEY: 'env-key',
    });
    expect(config.TEMPORAL_ADDRESS).to.equal('override.example:7233');
    expect(temporalConnection(config).options.apiKey).to.equal('env-key');
    // The `default` profile applies when no profile is named.
    expect(loadConfig({ TEMPORAL_CONFIG_FILE: tomlPath }).TEMPORAL_ADDRESS).to.equal('default.example:7233');
    const plain = loadConfig({});
    expect(plain).to.include({ TEMPORAL_ADDRESS: '127.0.0.1:7233', TEMPORAL_NAMESPACE: 'default' });
    expect(temporalConnection(plain, {}).options.tls).to.equal(undefined);
    expect(temporalConnection(plain, {}).description).to.equal('127.0.0.1:7233 (TLS off)');
  });

  it('an API key alone switches TLS on with the system roots; TEMPORAL_TLS=false switches it off', () => {
    const keyed = temporalConnection(loadConfig({ TEMPORAL_API_KEY: 'k' }), {});
    expect(keyed.options.tls).to.equal(true);
    expect(keyed.description).to.equal(
      "127.0.0.1:7233 (TLS: server CA from the system's roots, no client certificate; API key)",
    );
    expect(temporalConnection(loadConfig({ TEMPORAL_TLS: 'false', TEMPORAL_API_KEY: 'k' }), {}).options.tls).to.equal(
      false,
    );
  });

  it('a missing profile, an unreadable certificate or a certificate without its key: one clear line', () => {
    expect(() => loadConfig({ TEMPORAL_CONFIG_FILE: tomlPath, TEMPORAL_PROFILE: 'staging' }))
      .to.throw(ConfigError)
      .with.property('problems')
      .that.deep.equals([
        `TEMPORAL_CONFIG_FILE/TEMPORAL_PROFILE: ${tomlPath}: Profile 'staging' not found in config data`,
      ]);
    const missing = path.join(dir, 'missing.pem');
    expect(() =>
      temporalConnection(
        loadConfig({ TEMPORAL_TLS_CLIENT_CERT_PATH: missing, TEMPORAL_TLS_CLIENT_KEY_PATH: missing }),
        {},
      ),
    )
      .to.throw(TemporalSettingsError)
      .with.property('message')
      .that.matches(new RegExp(`cannot read a TLS file: ENOENT.*${missing}`));
    expect(() => temporalConnection(loadConfig({ TEMPORAL_TLS_CLIENT_CERT_PATH: missing }), {}))
      .to.throw(TemporalSettingsError)
      .with.property('message')
      .that.contains('a client certificate needs its key');
  });
});
