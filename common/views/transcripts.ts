import { repSpeakerOf, speakerAttributionOf, type Transcript } from '../transcript';
import { TranscriptView, type Utterance } from '../../api/schemas/transcripts';

// The schema of this answer, for whoever checks or describes it (the company export).
export { TranscriptView };

// The kept transcript as GET /api/recording/{id}/transcript answers it: JSON utterances with the
// speaker's role, or WebVTT with the speakers as voices.

export function toTranscriptView(recordingId: string, transcript: Transcript): TranscriptView {
  const attribution = speakerAttributionOf(transcript);
  const rep = attribution === 'none' ? null : repSpeakerOf(transcript);
  const timing = transcript.timing === 'placed' ? 'placed' : 'measured';
  const utterances: Utterance[] = transcript.segments
    .filter((s) => s.text.trim().length > 0)
    .map((s) => ({
      startMs: Math.max(0, Math.round(s.startMs)),
      endMs: Math.max(0, Math.round(s.endMs), Math.round(s.startMs)),
      speaker: rep === null || s.speaker === null ? 'unknown' : s.speaker === rep ? 'rep' : 'customer',
      speakerLabel: s.speaker,
      text: s.text.trim(),
      timing,
    }));
  return {
    recordingId,
    provider: transcript.provider,
    language: transcript.language,
    durationMs: Math.max(0, Math.round(transcript.durationMs)),
    speakerAttribution: attribution,
    timing,
    utterances,
  };
}

/** hh:mm:ss.ttt, as WebVTT writes cue times. */
function vttTime(ms: number): string {
  const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/**
 * Cue text and voice names may not hold `&`, `<` or `>` raw, nor a blank line (it would end the cue): a run
 * of white space with a line break (LF or CR, both end a WebVTT line) in it becomes one space. Whole runs, matched once each: `\s*\n\s*` retried
 * from every character of a run without a break (100,000 non-breaking spaces: 20 s), this is linear.
 */
export const escapeVtt = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\s+/g, (run) => (run.includes('\n') || run.includes('\r') ? ' ' : run));

/** The voice of a cue: the speaker's label, else their role; none when the transcript cannot tell. */
function voiceOf(u: Utterance): string | null {
  if (u.speakerLabel !== null) return u.speakerLabel;
  return u.speaker === 'unknown' ? null : u.speaker;
}

export function toWebVtt(view: TranscriptView): string {
  const cues = view.utterances.map((u, i) => {
    const voice = voiceOf(u);
    const text = escapeVtt(u.text);
    return `${i + 1}\n${vttTime(u.startMs)} --> ${vttTime(u.endMs)}\n${voice === null ? text : `<v ${escapeVtt(voice)}>${text}`}`;
  });
  return ['WEBVTT', ...cues].join('\n\n') + '\n';
}
