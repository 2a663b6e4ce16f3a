import fs from 'node:fs/promises';

// Where an MP3 (MPEG audio layer III) can be cut: the byte offset of the first frame at or after each time.
// A piece is then a byte range of the file, its own frames as they are, with no ffmpeg run to cut it (an
// ffmpeg start costs ~0.08 s of CPU on Debian, more than the cut's reading of the file: BENCHMARKS.md). The
// file is read once, front to back, a window at a time; only the frame headers are looked at. The format:
// each frame starts with a 4-byte header (11 sync bits, version, layer, bit rate, sample rate, padding)
// that gives its length and its count of samples. Skipped: an ID3v2 tag at the start, the Xing/Info or VBRI
// frame some encoders write first (it describes the whole file and holds no sound), and anything between
// frames that is not one (an ID3v1 tag at the end, damage).

const WINDOW = 1024 * 1024;
const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES = [44_100, 48_000, 32_000];

interface Frame {
  length: number;
  ms: number;
  /** Where an encoder's Xing/Info tag would start, counted from the frame's start. */
  sideInfoEnd: number;
}

/** The layer III frame whose header starts at `i`, or undefined when none does. */
function frameAt(buf: Buffer, i: number): Frame | undefined {
  if (buf[i] !== 0xff || (buf[i + 1] & 0xe0) !== 0xe0) return undefined;
  const version = (buf[i + 1] >> 3) & 3; // 0: MPEG 2.5, 1: reserved, 2: MPEG 2, 3: MPEG 1
  const layer = (buf[i + 1] >> 1) & 3; // 1: layer III
  const bitrateIndex = buf[i + 2] >> 4;
  const rateIndex = (buf[i + 2] >> 2) & 3;
  // Free-format bit rates (index 0) give no length in the header: such a file is not cut here.
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return undefined;
  const mpeg1 = version === 3;
  const sampleRate = SAMPLE_RATES[rateIndex] / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  const samples = mpeg1 ? 1152 : 576;
  const bitRate = (mpeg1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex] * 1000;
  const padding = (buf[i + 2] >> 1) & 1;
  const mono = buf[i + 3] >> 6 === 3;
  return {
    length: Math.floor((samples / 8) * (bitRate / sampleRate)) + padding,
    ms: (samples * 1000) / sampleRate,
    sideInfoEnd: 4 + (mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17),
  };
}

export interface FrameCuts {
  /** Per time asked, the offset of the first frame that starts at or after it (the end of the last frame if none does). */
  offsets: number[];
  /** Where the first frame of sound starts and the last one ends. */
  start: number;
  end: number;
}

/** Reads `file` once and finds where to cut it at each of `timesMs` (any order, repeats allowed). */
export async function mp3FrameCuts(file: string, timesMs: number[]): Promise<FrameCuts> {
  const ascending = [...new Set(timesMs)].sort((a, b) => a - b);
  const found = new Map<number, number>();
  const handle = await fs.open(file, 'r');
  try {
    const size = (await handle.stat()).size;
    let window = Buffer.alloc(0);
    let windowAt = 0;
    /** Bytes [pos, pos + n) are in `window`, or the file ends before. */
    const holds = (pos: number, n: number): boolean =>
      pos >= windowAt && (pos + n <= windowAt + window.length || windowAt + window.length === size);
    const load = async (pos: number): Promise<void> => {
      const buf = Buffer.allocUnsafe(WINDOW);
      const { bytesRead } = await handle.read(buf, 0, buf.length, pos);
      window = buf.subarray(0, bytesRead);
      windowAt = pos;
    };
    // Headers are read from the window; a new window is read only when a frame's header and the next one's are not in it.
    const frameIn = (pos: number): Frame | undefined =>
      pos + 4 <= windowAt + window.length ? frameAt(window, pos - windowAt) : undefined;

    let pos = 0;
    await load(0);
    if (window.length >= 10 && window.toString('latin1', 0, 3) === 'ID3') {
      const tagSize =
        ((window[6] & 0x7f) << 21) | ((window[7] & 0x7f) << 14) | ((window[8] & 0x7f) << 7) | (window[9] & 0x7f);
      pos = 10 + tagSize + (window[5] & 0x10 ? 10 : 0);
    }
    let start = -1;
    let end = pos;
    let atMs = 0;
    let inSync = false;
    let next = 0;
    while (pos + 4 <= size) {
      if (!holds(pos, 4 + 2 * 1441 + 64)) await load(pos);
      let frame = frameIn(pos);
      // Out of sync, a header counts only when another follows it (or the file ends there).
      if (frame && !inSync && pos + frame.length < size && !frameIn(pos + frame.length)) frame = undefined;
      if (!frame) {
        // Lost: look for the next header, one byte on.
        inSync = false;
        pos += 1;
        continue;
      }
      if (start < 0) {
        const at = pos - windowAt;
        const tag = window.toString('latin1', at + frame.sideInfoEnd, at + frame.sideInfoEnd + 4);
        const vbri = window.toString('latin1', at + 36, at + 40);
        inSync = true;
        if (tag === 'Xing' || tag === 'Info' || vbri === 'VBRI') {
          pos += frame.length;
          continue;
        }
        start = pos;
      }
      while (next < ascending.length && ascending[next] <= atMs + 0.001) found.set(ascending[next++], pos);
      atMs += frame.ms;
      pos = Math.min(size, pos + frame.length);
      end = pos;
      inSync = true;
    }
    if (start < 0) throw new Error('no MPEG audio layer III frame was found');
    return { offsets: timesMs.map((t) => found.get(t) ?? end), start, end };
  } finally {
    await handle.close();
  }
}
