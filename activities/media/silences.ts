import { runTool, MediaToolError, lastLines } from './ffmpeg';

// The pauses of a recording as ffmpeg's silencedetect finds them (quieter than -40 dB for at least
// 0.5 s), with the decoded duration. Used to cut chunks between words and by the tests' stand-ins.

export interface Silence {
  start: number;
  end: number;
}

export interface Heard {
  silences: Silence[];
  /** Seconds of audio actually decoded. */
  duration: number;
  /** Decoder complaints (a truncated or damaged file), empty when the decode was clean. */
  decodeErrors: string;
}

export const SILENCE_FILTER = 'silencedetect=noise=-40dB:d=0.5';

/** Silences of the first audio stream (mixed) or of one channel (0 = left). */
export async function detectSilences(file: string, signal?: AbortSignal, channel?: number): Promise<Heard> {
  const pick = channel === undefined ? '' : `pan=mono|c0=c${channel},`;
  let stderr: string;
  let stdout: string;
  try {
    ({ stderr, stdout } = await runTool('ffmpeg', ['-hide_banner', '-nostats', '-progress', 'pipe:1', '-v', 'info', '-i', file, '-map', '0:a:0', '-af', `${pick}${SILENCE_FILTER}`, '-f', 'null', '-'], { signal }));
  } catch (err) {
    if (err instanceof MediaToolError) return { silences: [], duration: 0, decodeErrors: lastLines(err.stderrTail, 1) || 'undecodable' };
    throw err;
  }
  // -progress reports the position reached; its last value is how much audio decoded.
  const reached = [...stdout.matchAll(/out_time_us=(\d+)/g)].pop();
  const duration = reached ? Number(reached[1]) / 1e6 : 0;
  const silences: Silence[] = [];
  let open: number | undefined;
  for (const m of stderr.matchAll(/silence_(start|end): (-?[\d.]+)/g)) {
    if (m[1] === 'start') open = Math.max(0, Number(m[2]));
    else if (open !== undefined) {
      silences.push({ start: open, end: Number(m[2]) });
      open = undefined;
    }
  }
  // A silence still running at the end has a start and no end.
  if (open !== undefined) silences.push({ start: open, end: Math.max(open, duration) });
  const decodeErrors = stderr
    .split('\n')
    .filter((l) => /(Invalid data|Error while decoding|invalid frame|Header missing|Truncat|partial file|error reading)/i.test(l))
    .slice(0, 2)
    .map((l) => l.replace(/^\[[^\]]*\]\s*/, '').trim())
    .join(' / ');
  return { silences, duration, decodeErrors };
}
