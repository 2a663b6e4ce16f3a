import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import { ConfigSchema, loadConfig } from '../../common/config';
import { parseDatabaseUrl } from '../../db/connection';

// Docker cannot run on this machine, so the file is checked as data: the services, their images and
// ports, the start order, and that every variable handed to the service is one it understands.

interface Service {
  image?: string;
  build?: string | { context: string; dockerfile?: string };
  command?: string | string[];
  entrypoint?: string | string[];
  environment?: Record<string, string | number | boolean>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
}

const root = path.resolve(__dirname, '../..');
// Merge keys (<<) are part of the Compose format; docker compose applies them too.
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;
const service = (name: string): Service => {
  expect(services, 'services').to.have.property(name);
  return services[name];
};
const scripts = (): Record<string, string> =>
  (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const commandText = (s: Service): string => [s.entrypoint, s.command].flat().filter(Boolean).join(' ');
const hostPort = (s: Service, containerPort: number): string | undefined =>
  s.ports
    ?.map(String)
    .find((p) => p.endsWith(`:${containerPort}`))
    ?.split(':')
    .slice(-2)[0];

/** A service's environment as compose hands it over, `${VAR:?message}` and `${VAR:-default}` filled from `shell`. */
function environmentOf(name: string, shell: Record<string, string>): Record<string, string> {
  const fill = (value: string): string =>
    value.replace(
      /\$\{(\w+)(?::([?-])([^}]*))?\}/g,
      (_, variable: string, kind: string | undefined, text: string | undefined) => {
        const given = shell[variable] ?? '';
        if (given !== '') return given;
        if (kind === '?') throw new Error(`compose refuses to start: ${variable}: ${text ?? ''}`);
        return kind === '-' ? (text ?? '') : '';
      },
    );
  return Object.fromEntries(Object.entries(service(name).environment ?? {}).map(([k, v]) => [k, fill(String(v))]));
}

/** What an operator exports before `docker compose up` (the comment at the top of docker-compose.yml). */
const operatorSecrets = (): Record<string, string> => ({
  MEDIA_URL_SECRET: randomBytes(48).toString('base64'),
  TEMPORAL_PAYLOAD_KEYS: `k1:${randomBytes(32).toString('base64')}`,
});

describe('docker-compose.yml', () => {
  it('has MySQL 8, Temporal on it, the Web UI, migrations, the API and the worker', () => {
    expect(Object.keys(services)).to.include.members([
      'mysql',
      'temporal',
      'temporal-ui',
      'temporal-setup',
      'migrate',
      'api',
      'worker',
    ]);
    expect(service('mysql').image).to.match(/^mysql:8(\.\d+)*$/);
    expect(service('temporal').image).to.match(/^temporalio\/auto-setup:1\.\d+/);
    expect(service('temporal-ui').image).to.match(/^temporalio\/ui:\d/);
    expect(service('temporal-setup').image).to.equal(service('api').image);
  });

  it('publishes the API, Temporal gRPC and the Web UI', () => {
    expect(hostPort(service('api'), 3000)).to.equal('3000');
    expect(hostPort(service('temporal'), 7233)).to.equal('7233');
    expect(hostPort(service('temporal-ui'), 8080)).to.equal('8233');
  });

  it('runs Temporal on the MySQL service with the mysql8 driver', () => {
    const mysql = service('mysql').environment ?? {};
    const env = service('temporal').environment ?? {};
    expect(env['DB']).to.equal('mysql8');
    expect(env['MYSQL_SEEDS']).to.equal('mysql');
    expect(String(env['DB_PORT'])).to.equal('3306');
    expect(env['MYSQL_USER']).to.equal('root');
    expect(env['MYSQL_PWD']).to.equal(mysql['MYSQL_ROOT_PASSWORD']);
    expect(service('temporal').depends_on?.['mysql']?.condition).to.equal('service_healthy');
    expect(service('mysql').healthcheck?.test.join(' ')).to.contain('mysqladmin ping');
    expect(service('temporal-ui').environment?.['TEMPORAL_ADDRESS']).to.equal('temporal:7233');
  });

  it('builds the API, the worker and the migrations from the Node 20 Dockerfile, each with its entry point', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).to.match(/^FROM node:20/m);
    // The API and the worker run exactly as `npm start` and `npm run worker` do (the API's heap flag included).
    const scripts = (
      JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    for (const [name, command] of [
      ['api', scripts['start']],
      ['worker', scripts['worker']],
      ['migrate', 'node dist/db/migrate.js latest'],
    ] as const) {
      const s = service(name);
      expect(s.build, `${name} build`).to.equal('.');
      expect(commandText(s), `${name} command`).to.equal(command);
    }
    // The compiled service (npm run build), not TypeScript through tsx.
    expect(scripts['start']).to.equal('bash scripts/start.sh api');
    expect(scripts['worker']).to.equal('bash scripts/start.sh worker');
    const launcher = readFileSync(path.join(root, 'scripts/start.sh'), 'utf8');
    expect(launcher).to.match(/exec node "\$\{flags\[@\]\}" "dist\/\$process\/main\.js"/);
    // The launcher passes the heap limit without starting node first: its defaults are the configuration's.
    for (const setting of ['API_MAX_OLD_SPACE_MB', 'WORKER_MAX_OLD_SPACE_MB'] as const) {
      const fallback = new RegExp(`\\$\\{${setting}:-(\\d+)\\}`).exec(launcher)?.[1];
      expect(Number(fallback), `${setting} default in scripts/start.sh`).to.equal(
        ConfigSchema.properties[setting].default,
      );
    }
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? '[]').join(' '), 'Dockerfile CMD').to.equal(scripts['start']);
  });

  it('builds in one stage and runs in another: production dependencies, ffmpeg, NODE_ENV=production, not root', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const stages = dockerfile.split(/^(?=FROM )/m).filter((s) => s.startsWith('FROM '));
    expect(stages, 'stages').to.have.length(2);
    const [build, runtime] = stages;
    expect(build).to.match(/^FROM node:20\S* AS build$/m);
    expect(build).to.match(/^RUN bash scripts\/install\.sh$/m); // every dependency: TypeScript and the bundler
    expect(build).to.match(/^RUN npm run build$/m);
    expect(runtime).to.match(/^FROM node:20\S* AS runtime$/m);
    expect(runtime).to.match(/^RUN bash scripts\/install\.sh --omit=dev\b/m);
    expect(runtime).to.match(/apt-get install .*\bffmpeg\b/);
    expect(runtime).to.match(/^ENV NODE_ENV=production$/m);
    expect(runtime).to.match(/^COPY --from=build \/app\/dist dist$/m);
    expect(runtime).to.not.match(/^COPY \. \./m); // no sources in the image that runs
    const users = [...runtime.matchAll(/^USER (\S+)$/gm)].map((m) => m[1]);
    expect(users.at(-1), 'the user the service runs as')
      .to.be.a('string')
      .and.not.match(/^(root|0)$/);
    // What the runtime stage runs must not need a dev dependency.
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    for (const command of [
      scripts()['start'],
      // The launcher's lines after its `--source` branch: what the image runs.
      ((text) => text.slice(text.lastIndexOf('\nfi\n')))(readFileSync(path.join(root, 'scripts/start.sh'), 'utf8')),
    ]) {
      for (const dev of Object.keys(pkg.devDependencies))
        expect(command, dev).to.not.match(new RegExp(`\\b${dev.replace(/[/.]/g, '\\$&')}\\b`));
    }
  });

  it('migrates before the API and the worker start, after MySQL is healthy', () => {
    expect(service('migrate').depends_on?.['mysql']?.condition).to.equal('service_healthy');
    for (const name of ['api', 'worker']) {
      expect(service(name).depends_on?.['migrate']?.condition, name).to.equal('service_completed_successfully');
      expect(service(name).depends_on?.['temporal-setup']?.condition, name).to.equal('service_completed_successfully');
    }
    expect(service('temporal-setup').depends_on).to.have.property('temporal');
  });

  it("registers the namespace and the search attributes with admin temporal:setup, in the workers' Temporal settings", () => {
    // The command registers what common/temporal.ts lists (test/cluster/ runs it against a real cluster).
    expect(commandText(service('temporal-setup'))).to.contain('node dist/cli/admin.js temporal:setup');
    const env = environmentOf('temporal-setup', operatorSecrets());
    const worker = environmentOf('worker', operatorSecrets());
    for (const key of ['TEMPORAL_ADDRESS', 'TEMPORAL_NAMESPACE']) expect(env[key], key).to.equal(worker[key]);
    for (const key of Object.keys(env))
      if (key !== 'NODE_ENV') expect(Object.keys(ConfigSchema.properties), key).to.include(key);
  });

  it('hands the API, the worker and the migrations only settings of ConfigSchema, with valid values', () => {
    const known = Object.keys(ConfigSchema.properties);
    for (const name of ['api', 'worker', 'migrate']) {
      const env = environmentOf(name, operatorSecrets());
      expect(Object.keys(env), `${name} environment`).to.not.be.empty;
      for (const key of Object.keys(env))
        if (key !== 'NODE_ENV') expect(known, `${name}: ${key} is not a setting`).to.include(key);
      // The same validation the process runs at start.
      const config = loadConfig(env, {}, name === 'api' ? ['MEDIA_URL_SECRET'] : []);
      const db = parseDatabaseUrl(config.DATABASE_URL);
      expect(db.host, `${name} DATABASE_URL host`).to.equal('mysql');
      expect(db.port).to.equal(3306);
      expect(db.password, `${name} DATABASE_URL password`).to.equal(
        service('mysql').environment?.['MYSQL_ROOT_PASSWORD'],
      );
      expect(db.database).to.equal(service('mysql').environment?.['MYSQL_DATABASE']);
    }
    for (const name of ['api', 'worker']) {
      const env = service(name).environment ?? {};
      expect(env['TEMPORAL_ADDRESS'], `${name} TEMPORAL_ADDRESS`).to.equal('temporal:7233');
      expect(env['TEMPORAL_NAMESPACE']).to.equal(service('temporal').environment?.['DEFAULT_NAMESPACE']);
    }
    expect(service('api').environment?.['TEMPORAL_TASK_QUEUE']).to.equal(
      service('worker').environment?.['TEMPORAL_TASK_QUEUE'],
    );
    expect(String(service('api').environment?.['PORT'])).to.equal('3000');
    expect(service('api').environment?.['HOST']).to.equal('0.0.0.0');
  });

  it('runs everything with NODE_ENV=production and takes MEDIA_URL_SECRET from the environment, refusing to start without it', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).to.match(/^ENV NODE_ENV=production$/m);
    for (const name of ['api', 'worker', 'migrate'])
      expect(service(name).environment?.['NODE_ENV'], name).to.equal('production');
    const secret = String(service('api').environment?.['MEDIA_URL_SECRET']);
    // ${VAR:?message}: compose stops with the message when VAR is unset or empty.
    expect(secret).to.match(/^\$\{MEDIA_URL_SECRET:\?.*openssl rand -base64 48.*\}$/);
    const { TEMPORAL_PAYLOAD_KEYS } = operatorSecrets();
    expect(() => environmentOf('api', { TEMPORAL_PAYLOAD_KEYS })).to.throw(/MEDIA_URL_SECRET/);
    expect(String(service('api').environment?.['MEDIA_URL_SECRET_PREVIOUS'])).to.equal(
      '${MEDIA_URL_SECRET_PREVIOUS:-}',
    );
    // Only the API signs with it.
    expect(service('worker').environment).to.not.have.property('MEDIA_URL_SECRET');
  });

  it('encrypts Temporal payloads in the API and the worker with keys from the environment, refusing to start without them', () => {
    for (const name of ['api', 'worker']) {
      expect(String(service(name).environment?.['TEMPORAL_PAYLOAD_KEYS']), name).to.match(
        /^\$\{TEMPORAL_PAYLOAD_KEYS:\?.*openssl rand -base64 32.*\}$/,
      );
      expect(() => environmentOf(name, { MEDIA_URL_SECRET: randomBytes(48).toString('base64') }), name).to.throw(
        /TEMPORAL_PAYLOAD_KEYS/,
      );
    }
    const secrets = operatorSecrets();
    expect(environmentOf('worker', secrets)['TEMPORAL_PAYLOAD_KEYS']).to.equal(secrets.TEMPORAL_PAYLOAD_KEYS);
  });

  it('publishes the API port but serves /metrics there only with a METRICS_TOKEN from the environment', () => {
    const without = loadConfig(environmentOf('api', operatorSecrets()), {}, ['MEDIA_URL_SECRET']);
    expect(without).to.include({ METRICS_TOKEN_REQUIRED: true, METRICS_TOKEN: '' });
    const token = randomBytes(32).toString('hex');
    const withToken = loadConfig(environmentOf('api', { ...operatorSecrets(), METRICS_TOKEN: token }), {}, [
      'MEDIA_URL_SECRET',
    ]);
    expect(withToken).to.include({ METRICS_TOKEN_REQUIRED: true, METRICS_TOKEN: token });
    // The worker's metrics port is not published.
    expect(service('worker').ports ?? []).to.deep.equal([]);
    // Its probe asks the worker's /readyz on the metrics port it listens on.
    const worker = loadConfig(environmentOf('worker', operatorSecrets()));
    expect(service('worker').healthcheck?.test.join(' ')).to.contain(
      `http://127.0.0.1:${worker.WORKER_METRICS_PORT}/readyz`,
    );
  });

  it('stores recordings in the MinIO service: API and worker share the bucket settings, the bucket is created before they start', () => {
    const s3Keys = [
      'STORAGE_BACKEND',
      'S3_BUCKET',
      'S3_REGION',
      'S3_ENDPOINT',
      'S3_PUBLIC_ENDPOINT',
      'S3_FORCE_PATH_STYLE',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
    ];
    const api = service('api').environment ?? {};
    const worker = service('worker').environment ?? {};
    for (const key of s3Keys) expect(worker[key], `worker ${key}`).to.equal(api[key]);
    const config = loadConfig(environmentOf('api', operatorSecrets()), {}, ['MEDIA_URL_SECRET']);
    expect(config).to.include({ STORAGE_BACKEND: 's3', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: true });
    expect(service('minio').image).to.match(/^minio\/minio:/);
    expect(hostPort(service('minio'), 9000)).to.equal('9000');
    expect(new URL(config.S3_PUBLIC_ENDPOINT).port).to.equal('9000');
    const minio = service('minio').environment ?? {};
    expect([minio['MINIO_ROOT_USER'], minio['MINIO_ROOT_PASSWORD']]).to.deep.equal([
      config.S3_ACCESS_KEY_ID,
      config.S3_SECRET_ACCESS_KEY,
    ]);
    expect(commandText(service('minio-bucket'))).to.contain(`mc mb --ignore-existing local/${config.S3_BUCKET}`);
    for (const name of ['api', 'worker'])
      expect(service(name).depends_on?.['minio-bucket']?.condition, name).to.equal('service_completed_successfully');
  });
});
