import type { FleetRun } from './fleetRuns';
import { f, table } from './textTable';

// The printed report of the fleet runs (issue 36 part 4): per number of workers, completions against
// one worker's, downloads and ffmpeg/ffprobe runs per recording against the plan's count (one worker
// alone), what the workers and the store keep afterwards; then what the killed worker cost.

export interface FleetFigures {
  runs: FleetRun[];
  kill?: FleetRun & {
    /** Downloads and tool runs beyond the no-kill figures of `reference` (target: one more download and one more cut). */
    extraDownloads: number;
    extraToolRuns: number;
    reference: { against: string; downloadsPerRecording: number; toolRunsPerRecording: number };
  };
  /** ffmpeg + ffprobe runs per recording of one worker alone (the plan's count), when one worker ran. */
  planToolRuns?: number;
}

/**
 * The kill run's extra downloads and tool runs against the no-kill run of the most workers, or, when there
 * was none, against one download and the tool runs of each of the kill run's other recordings.
 */
export function fleetFigures(runs: FleetRun[], kill: FleetRun | undefined): FleetFigures {
  const planToolRuns = runs.find((r) => r.workers === 1)?.toolRuns.perRecording;
  if (!kill) return { runs, planToolRuns };
  const ref = [...runs].sort((a, b) => b.workers - a.workers)[0];
  const reference = ref
    ? {
        against: `${ref.workers} worker(s) without a kill`,
        downloadsPerRecording: ref.downloads.perRecording,
        toolRunsPerRecording: ref.toolRuns.perRecording,
      }
    : {
        against: "one download and the run's other recordings' tool runs",
        downloadsPerRecording: 1,
        toolRunsPerRecording: kill.killed?.toolRunsOfOthers ?? Number.NaN,
      };
  const toolRuns = kill.toolRuns.ffmpeg + kill.toolRuns.ffprobe;
  return {
    runs,
    planToolRuns,
    kill: {
      ...kill,
      reference,
      extraDownloads: kill.downloads.total - kill.recordings * reference.downloadsPerRecording,
      extraToolRuns: toolRuns - kill.recordings * reference.toolRunsPerRecording,
    },
  };
}

function row(r: FleetRun, one: number | undefined, label: string): string[] {
  return [
    label,
    `${r.recordings - r.failed}/${r.recordings}`,
    f(r.completedPerSecond, 3),
    one ? f(r.completedPerSecond / one, 2) : '',
    r.cpuPerRecording === undefined ? '' : f(r.cpuPerRecording, 2),
    `${f(r.downloads.perRecording, 2)} (max ${r.downloads.max})`,
    `${f(r.toolRuns.perRecording, 2)} (${r.toolRuns.ffmpeg}+${r.toolRuns.ffprobe})`,
    r.scratchBytesLeft.join('/'),
    `${r.store.recordings}/${r.store.expected} +${r.store.otherFiles.length}`,
    `${r.completedOnce}/${r.recordings}`,
  ];
}

export function formatFleet(fig: FleetFigures): string {
  const one = fig.runs.find((r) => r.workers === 1)?.completedPerSecond;
  const rows = fig.runs.map((r) => row(r, one, `${r.workers} worker(s)`));
  if (fig.kill) rows.push(row(fig.kill, one, `${fig.kill.workers}, one killed`));
  const lines = [
    `The fleet: ${fig.runs[0]?.recordings ?? fig.kill?.recordings} recordings per run, fresh workers each with its own SCRATCH_DIR, one STORAGE_DIR (ratios, not speed-ups: 2 cores)`,
    table(
      [
        '',
        'completed',
        'completed/s',
        'vs 1',
        'CPU s/rec',
        'downloads/rec',
        'ffmpeg+ffprobe/rec',
        'scratch bytes left',
        'store: originals +other',
        'completed once',
      ],
      rows,
    ),
    `plan's count (one worker alone): ${fig.planToolRuns === undefined ? 'not measured (no 1-worker run)' : `${f(fig.planToolRuns, 2)} ffmpeg+ffprobe runs and 1 download per recording`}`,
  ];
  const other = [...fig.runs, ...(fig.kill ? [fig.kill] : [])].flatMap((r) => r.store.otherFiles);
  if (other.length) lines.push(`other files in the store: ${other.slice(0, 10).join(', ')}`);
  const k = fig.kill;
  if (k?.killed)
    lines.push(
      `killed worker ${k.killed.worker} ${f(k.killed.atMs / 1000, 1)} s into the run, at ${k.killed.recordingId}'s ${k.killed.stage} (holding ${k.killed.otherCutsHeld} other download(s) or cut(s)); against ${k.reference.against}: ${f(k.extraDownloads, 2)} extra download(s) (target <= 1), ${f(k.extraToolRuns, 2)} extra ffmpeg/ffprobe run(s) (target: one cut's); that recording: ${k.killed.downloadsOfIt} download(s), ${k.killed.toolRunsOfIt} tool run(s) (each other one: ${f(k.killed.toolRunsOfOthers, 2)}); the dead worker's scratch: ${k.killed.deadScratchBytes} bytes (removed by the next worker started on the machine)`,
    );
  return lines.join('\n');
}
