import { MediaToolError, runTool } from './ffmpeg';

// What a recording file is: container, duration, audio streams and channels, whether it has video.

export interface MediaProbe {
  container: string;
  durationMs: number;
  audioStreams: number;
  channels: number;
  /** The first audio stream's codec (ffprobe's name: mp3, aac, opus, pcm_s16le, ...). */
  audioCodec: string;
  /** Bits per second of the first audio stream (of the whole file when the stream does not say; 0 when unknown). */
  bitRate: number;
  hasVideo: boolean;
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string; bit_rate?: string };
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
    bit_rate?: string;
    channels?: number;
    duration?: string;
    disposition?: { attached_pic?: number };
  }>;
}

export class UndecodableMediaError extends Error {}

export async function probeMedia(file: string, signal?: AbortSignal): Promise<MediaProbe> {
  let json: ProbeJson;
  try {
    const { stdout } = await runTool(
      'ffprobe',
      ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file],
      signal,
    );
    json = JSON.parse(stdout) as ProbeJson;
  } catch (err) {
    if (err instanceof MediaToolError || err instanceof SyntaxError)
      throw new UndecodableMediaError('the file is not audio or video that can be decoded');
    throw err;
  }
  const streams = json.streams ?? [];
  const audio = streams.filter((s) => s.codec_type === 'audio');
  // Cover art in an MP3 or M4A is a one-frame "video" stream: it is not a video recording.
  const video = streams.filter((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const seconds = Number(json.format?.duration ?? audio[0]?.duration ?? NaN);
  return {
    container: json.format?.format_name ?? 'unknown',
    durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : 0,
    audioStreams: audio.length,
    channels: Math.max(0, ...audio.map((s) => s.channels ?? 0)),
    audioCodec: audio[0]?.codec_name ?? 'none',
    bitRate: Number(audio[0]?.bit_rate) || Number(json.format?.bit_rate) || 0,
    hasVideo: video.length > 0,
  };
}

/**
 * The input as ffmpeg's own log describes it (its "Input #0" block, printed before it decodes), when that is
 * one audio stream and nothing else, with the facts sentAsItIs needs; undefined otherwise (then ffprobe is
 * asked). Lets the media step hear a plain MP3 in one ffmpeg run: ffprobe's start alone costs about as much
 * CPU as decoding a two-minute call.
 */
export function loggedAudioFacts(stderr: string): MediaProbe | undefined {
  const start = stderr.indexOf('Input #0, ');
  if (start < 0) return undefined;
  const ends = ['\nStream mapping:', '\nOutput #0'].map((m) => stderr.indexOf(m, start)).filter((i) => i > 0);
  const block = stderr.slice(start, ends.length > 0 ? Math.min(...ends) : undefined);
  const container = /^Input #0, (.+), from '/m.exec(block)?.[1];
  const duration = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(block);
  const streams = [...block.matchAll(/^[^\S\n\r\u2028\u2029]*Stream #0:\d+(?:[^\d:][^:]*)?: (\w+): (.*)$/gm)];
  if (!container || !duration || streams.length !== 1 || streams[0][1] !== 'Audio') return undefined;
  const parts = streams[0][2].split(', ');
  const channels = parts.includes('mono') ? 1 : parts.includes('stereo') ? 2 : undefined;
  if (channels === undefined) return undefined;
  const kbps = /(?<!\d)(\d+) kb\/s/.exec(streams[0][2]);
  return {
    container,
    durationMs: Math.round((Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])) * 1000),
    audioStreams: 1,
    channels,
    audioCodec: parts[0].split(' ')[0],
    bitRate: kbps ? Number(kbps[1]) * 1000 : 0,
    hasVideo: false,
  };
}
