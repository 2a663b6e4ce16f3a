import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';

// What a speech-to-text provider should receive from the media step: audio only, 16 kHz mono MP3.

export interface AudioFacts {
  codec: string;
  sampleRate: number;
  channels: number;
  /** The audio stream's bits per second. */
  bitRate: number;
  seconds: number;
  streams: string[];
}

/** ffprobe's view of `bytes`. */
export function audioFacts(bytes: Buffer): AudioFacts {
  const file = path.join(os.tmpdir(), `sp-check-${process.pid}-${Math.random().toString(36).slice(2)}`);
  fs.writeFileSync(file, bytes);
  try {
    const out = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file]).toString('utf8'),
    ) as {
      format: { duration: string };
      streams: Array<{
        codec_type: string;
        codec_name: string;
        sample_rate?: string;
        channels?: number;
        bit_rate?: string;
      }>;
    };
    const audio = out.streams.find((s) => s.codec_type === 'audio');
    return {
      codec: audio?.codec_name ?? '',
      sampleRate: Number(audio?.sample_rate ?? 0),
      channels: audio?.channels ?? 0,
      bitRate: Number(audio?.bit_rate ?? 0),
      seconds: Number(out.format.duration),
      streams: out.streams.map((s) => s.codec_type),
    };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** `bytes` is the media step's rendition of a recording lasting about `seconds`. */
export function expectRendition(bytes: Buffer | null, seconds: number): void {
  expect(bytes, 'audio sent to the provider').to.be.instanceOf(Buffer);
  const facts = audioFacts(bytes as Buffer);
  expect(facts).to.include({ codec: 'mp3', sampleRate: 16_000, channels: 1 });
  expect(facts.streams).to.deep.equal(['audio']);
  expect(facts.seconds).to.be.closeTo(seconds, 1);
}
