import { runTool, MediaToolError, lastLines } from './ffmpeg';
import { detectSilences, type Silence } from './silences';

// What a recording is: container, duration, audio streams and channels, video, and whether it has
// sound at all and whether its two channels carry different sides of a call. Media problems are
// reported as MediaProblem with a reason a caller can act on.

export class MediaProblem extends Error {}

export interface MediaFacts {
  container: string;
  durationMs: number;
  audioStreams: number;
  /** Channels of the first audio stream. */
  channels: number;
  hasVideo: boolean;
  /** Stereo whose channels differ (one side of the call per channel); false for mono or a duplicated channel. */
  channelsDiffer: boolean;
  /** Pauses of the whole (mixed) audio, in seconds, as silencedetect found them. */
  silences: Silence[];
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string };
  streams?: { codec_type?: string; channels?: number; duration?: string }[];
}

/** Peak level of left minus right under which the channels are the same signal (a mono call in stereo). */
const SAME_CHANNELS_DB = -50;

export async function probeMedia(file: string, signal?: AbortSignal): Promise<MediaFacts> {
  let json: ProbeJson;
  try {
    const { stdout } = await runTool('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { signal });
    json = JSON.parse(stdout) as ProbeJson;
  } catch (err) {
    if (err instanceof MediaToolError) throw new MediaProblem(`The file is not audio or video that can be decoded (${lastLines(err.stderrTail, 1) || 'unknown format'})`);
    throw err;
  }
  const streams = json.streams ?? [];
  const audio = streams.filter((s) => s.codec_type === 'audio');
  const hasVideo = streams.some((s) => s.codec_type === 'video');
  const container = (json.format?.format_name ?? 'unknown').split(',')[0];
  if (audio.length === 0) throw new MediaProblem(hasVideo ? 'The recording has video but no audio track' : 'The file has no audio track');
  const channels = audio[0].channels ?? 1;
  // Decoding the whole audio is the only reliable check: a truncated or disguised file can probe fine.
  const heard = await detectSilences(file, signal);
  const durationMs = Math.round(heard.duration * 1000);
  if (durationMs <= 0) throw new MediaProblem('The recording has no audio content (zero length)');
  const declared = Number(json.format?.duration ?? audio[0].duration ?? NaN);
  // A cut-off file decodes shorter than its header says (MP3's Xing frame count, MP4's moov).
  if (!heard.decodeErrors && Number.isFinite(declared) && heard.duration < declared * 0.97 - 1) {
    throw new MediaProblem(`The audio ends after ${heard.duration.toFixed(1)} s of the ${declared.toFixed(1)} s the file declares; the file is truncated`);
  }
  if (heard.decodeErrors) throw new MediaProblem(`The audio cannot be decoded completely (${heard.decodeErrors}); the file may be truncated or damaged`);
  const voiced = heard.duration - heard.silences.reduce((sum, s) => sum + (s.end - s.start), 0);
  if (voiced < 0.1) throw new MediaProblem('The recording is silent: no sound was found in it');
  const channelsDiffer = channels === 2 ? await stereoChannelsDiffer(file, signal) : false;
  return { container, durationMs, audioStreams: audio.length, channels, hasVideo, channelsDiffer, silences: heard.silences };
}

async function stereoChannelsDiffer(file: string, signal?: AbortSignal): Promise<boolean> {
  const { stderr } = await runTool('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-map', '0:a:0', '-af', 'pan=mono|c0=c0-c1,volumedetect', '-f', 'null', '-'], { signal });
  const peak = /max_volume: (-?[\d.]+|-inf) dB/.exec(stderr);
  if (!peak || peak[1] === '-inf') return false;
  return Number(peak[1]) > SAME_CHANNELS_DB;
}
