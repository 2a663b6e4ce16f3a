import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { sweepScratch, workerScratchDir } from '../../activities/media/scratch';

// Scratch folders are named so that two machines never collide: every container's process is PID 1, so
// the name holds the host and a token of the process's start besides the pid. A worker removes what
// stopped workers of its own machine left (an earlier life of its own pid among them), never a live
// process's folder nor another machine's.

describe('recordings: scratch folder names and the sweep', () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-scratch-names-'));
  });
  afterEach(async () => fs.rm(root, { recursive: true, force: true }));

  it('names the folder by host, pid and start, so PID 1 on two machines (or twice on one) is two folders', () => {
    const name = path.basename(workerScratchDir(root));
    const host = os.hostname().replace(/[^A-Za-z0-9.]/g, '_');
    expect(name).to.match(new RegExp(`^worker-${host.replace(/\./g, '\\.')}-${process.pid}-[0-9a-f]{8}$`));
    expect(name).not.to.equal(`worker-${process.pid}`);
  });

  it("removes stopped workers' folders of this machine and keeps live ones, other machines' and its own", async () => {
    const host = os.hostname().replace(/[^A-Za-z0-9.]/g, '_');
    const live = spawn('sleep', ['30']);
    const dead = spawn('true');
    await new Promise((resolve) => dead.once('exit', resolve));
    try {
      const folders = {
        own: path.basename(workerScratchDir(root)),
        live: `worker-${host}-${live.pid}-0badc0de`,
        dead: `worker-${host}-${dead.pid}-0badc0de`,
        earlierLife: `worker-${host}-${process.pid}-0badc0de`,
        otherMachine: `worker-other-host-1-0badc0de`,
        legacyDead: `worker-${dead.pid}`,
      };
      for (const name of Object.values(folders)) {
        await fs.mkdir(path.join(root, name, 'some-recording'), { recursive: true });
        await fs.writeFile(path.join(root, name, 'some-recording', 'piece.mp3'), 'x');
      }
      expect(await sweepScratch(root)).to.equal(3);
      expect((await fs.readdir(root)).sort()).to.deep.equal([folders.own, folders.live, folders.otherMachine].sort());
    } finally {
      live.kill('SIGKILL');
    }
  });
});
