import { execFile } from 'node:child_process';
import path from 'node:path';
import { testConfig } from './env';

const root = path.resolve(__dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real admin CLI (`tsx cli/admin.ts ...`, what `npm run admin` runs) against the test database. */
export function runAdmin(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    execFile(
      tsx,
      ['cli/admin.ts', ...args],
      {
        cwd: root,
        timeout: 60_000,
        env: { ...process.env, DATABASE_URL: testConfig().DATABASE_URL, LOG_LEVEL: 'silent', ...env },
      },
      (err, stdout, stderr) => {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- execFile's error is an Error (ExecFileException); its `code` is a string when the command did not run
        if (err && typeof err.code !== 'number') return reject(err);
        resolve({ code: err ? (err.code as number) : 0, stdout, stderr });
      },
    );
  });
}

/** The command's JSON output; fails with the CLI's stderr when it did not succeed. */
export async function admin<T = Record<string, string>>(args: string[], env: Record<string, string> = {}): Promise<T> {
  const result = await runAdmin(args, env);
  if (result.code !== 0) throw new Error(`admin ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}
