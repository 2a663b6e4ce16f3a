import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// An earlier build of this service, checked out from the repository's own history into a temp folder
// (`git worktree add --detach`), to run beside the current one as a deploy does. Its dependencies are
// this checkout's node_modules when every package its lockfile pins is installed here at that version
// (a symlink: nothing copied); otherwise `npm ci --prefer-offline` installs its own.

const ROOT = path.resolve(__dirname, '..', '..');
const run = promisify(execFile);

export interface PreviousBuild {
  dir: string;
  commit: string;
  /** How its dependencies came: `linked` (this checkout's) or `installed` (npm ci). */
  dependencies: 'linked' | 'installed';
  remove(): Promise<void>;
}

type Lock = { packages?: Record<string, { version?: string }> };

/** Whether every package `older` pins is pinned at the same version in `current`. */
function lockCovers(current: Lock, older: Lock): boolean {
  const have = current.packages ?? {};
  return Object.entries(older.packages ?? {}).every(([where, p]) => where === '' || have[where]?.version === p.version);
}

export async function checkoutPreviousBuild(commit: string): Promise<PreviousBuild> {
  try {
    await run('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: ROOT });
  } catch {
    throw new Error(`commit ${commit} is not in this clone's history (a shallow clone?): fetch with full history`);
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-previous-build-'));
  await run('git', ['worktree', 'add', '--detach', '--force', dir, commit], { cwd: ROOT });
  const remove = async (): Promise<void> => {
    await run('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT }).catch(() => undefined);
    await fs.rm(dir, { recursive: true, force: true });
    await run('git', ['worktree', 'prune'], { cwd: ROOT }).catch(() => undefined);
  };
  try {
    const older = JSON.parse(await fs.readFile(path.join(dir, 'package-lock.json'), 'utf8')) as Lock;
    const current = JSON.parse(await fs.readFile(path.join(ROOT, 'package-lock.json'), 'utf8')) as Lock;
    let dependencies: PreviousBuild['dependencies'] = 'linked';
    if (lockCovers(current, older)) await fs.symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    else {
      await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], {
        cwd: dir,
        maxBuffer: 16 * 1024 * 1024,
      });
      dependencies = 'installed';
    }
    return { dir, commit, dependencies, remove };
  } catch (err) {
    await remove();
    throw err;
  }
}
