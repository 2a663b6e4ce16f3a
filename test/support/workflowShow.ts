import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { testEnv } from './env';

const run = promisify(execFile);

export interface CodecAccess {
  /** The API's codec endpoint, e.g. http://127.0.0.1:3000/codec. */
  endpoint: string;
  token: string;
}

/**
 * `temporal workflow show --output json` of a workflow (through the codec endpoint when given) as an
 * operator reads it: the JSON, with every payload's bytes appended as text (the CLI prints them base64).
 */
export async function workflowShow(workflowId: string, codec?: CodecAccess, commandTimeout = '60s'): Promise<string> {
  const cli = process.env.TEMPORAL_CLI ?? 'temporal';
  const args = [
    'workflow',
    'show',
    '--address',
    testEnv().temporal.address,
    '--workflow-id',
    workflowId,
    '--output',
    'json',
    '--command-timeout',
    commandTimeout,
  ];
  if (codec) args.push('--codec-endpoint', codec.endpoint, '--codec-auth', `Bearer ${codec.token}`);
  const { stdout } = await run(cli, args, { maxBuffer: 64 * 1024 * 1024 });
  const texts: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.data === 'string' && record.metadata && typeof record.metadata === 'object') {
        texts.push(Buffer.from(record.data, 'base64').toString('utf8'));
        for (const v of Object.values(record.metadata as Record<string, unknown>))
          if (typeof v === 'string') texts.push(Buffer.from(v, 'base64').toString('utf8'));
      }
      Object.values(record).forEach(walk);
    }
  };
  walk(JSON.parse(stdout) as unknown);
  return `${stdout}\n${texts.join('\n')}`;
}

/** `temporal workflow list --output json` of the namespace: ids, types, summaries, search attributes, memos. */
export async function workflowList(query?: string): Promise<string> {
  const cli = process.env.TEMPORAL_CLI ?? 'temporal';
  const args = ['workflow', 'list', '--address', testEnv().temporal.address, '--output', 'json', '--limit', '10000'];
  if (query) args.push('--query', query);
  const { stdout } = await run(cli, args, { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}
