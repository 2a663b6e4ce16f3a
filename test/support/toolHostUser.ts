import { runTool } from '../../activities/media/ffmpeg';
import { toolHostPid } from '../../activities/media/toolHostClient';

// A stand-in for the worker process around its tool host, run as its own process by
// test/recordings/toolHost.test.ts: one ffprobe through runTool, then the host's pid on stdout; with
// `long`, a 60-second ffmpeg after that (the test kills this process meanwhile); without, nothing more,
// so the process ends only if the idle host lets its event loop empty.

async function main(): Promise<void> {
  await runTool('ffprobe', ['-version']);
  console.log(JSON.stringify({ host: toolHostPid() }));
  if (process.argv[2] === 'long')
    await runTool('ffmpeg', [
      '-hide_banner',
      '-nostdin',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'anullsrc',
      '-t',
      '60',
      '-f',
      'null',
      '-',
    ]);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
