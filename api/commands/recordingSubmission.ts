import { TranscriptProblems, type Transcript } from '../../common/transcript';
import { parseOutboundUrl, UnsupportedUrlError } from '../../common/outbound';
import { badRequest, type ErrorDetail } from '../errors';
import type { RecordingSubmission } from '../schemas/recordings';
import { parseSubmittedTranscript } from './transcriptThread';

// The rules of a POST /api/recording body beyond each field's own schema (api/schemas/recordings.ts),
// all here: audio (recordingPresignedUrl, a URL the worker may fetch) or a transcript, exactly one;
// storeRecording and repChannel only with audio, repSpeaker only with a transcript and naming one of its
// speakers; the transcript itself well-formed. Each broken rule is a 400 naming its field.
// The transcript itself is parsed by common/transcript.ts; its problems become the 400's details here.

const problem = (field: string, message: string): ErrorDetail => ({ in: 'body', field, message });

/** Audio or a transcript, exactly one, and the options that go with each. */
function checkSource(body: RecordingSubmission): void {
  const problems: ErrorDetail[] = [];
  const hasUrl = body.recordingPresignedUrl !== undefined;
  const hasTranscript = body.transcript !== undefined;
  if (hasUrl === hasTranscript) {
    problems.push(
      problem(
        hasUrl ? 'transcript' : 'recordingPresignedUrl',
        'exactly one of recordingPresignedUrl and transcript is required',
      ),
    );
  } else if (hasTranscript) {
    if (body.storeRecording)
      problems.push(
        problem('storeRecording', 'storeRecording must be false with a transcript (there is no file to store)'),
      );
    if (body.repChannel !== undefined)
      problems.push(problem('repChannel', 'repChannel applies to audio; name the rep of a transcript with repSpeaker'));
  } else if (body.repSpeaker !== undefined) {
    problems.push(
      problem('repSpeaker', 'repSpeaker applies to a transcript; name the rep of a stereo recording with repChannel'),
    );
  }
  if (problems.length > 0)
    throw badRequest('validation_failed', problems.map((p) => p.message).join('; ') + '.', problems);
}

/** A URL the worker's outbound rules would refuse is refused now, not after the recording was accepted. */
function checkFetchable(url: string): void {
  try {
    parseOutboundUrl(url);
  } catch (err) {
    if (!(err instanceof UnsupportedUrlError)) throw err;
    throw badRequest('validation_failed', `recordingPresignedUrl cannot be fetched: ${err.message}.`, [
      problem('recordingPresignedUrl', `recordingPresignedUrl: ${err.message}`),
    ]);
  }
}

/**
 * Every rule of a submission that its schema cannot say; throws the 400. Answers the submitted transcript
 * parsed (null for audio), which the recording keeps as its transcript.
 */
export async function validateRecordingSubmission(
  body: RecordingSubmission,
): Promise<{ transcript: Transcript | null }> {
  checkSource(body);
  if (body.recordingPresignedUrl !== undefined) checkFetchable(body.recordingPresignedUrl);
  if (body.transcript === undefined) return { transcript: null };
  try {
    return { transcript: await parseSubmittedTranscript(body.transcript, body.repSpeaker) };
  } catch (err) {
    if (!(err instanceof TranscriptProblems)) throw err;
    throw badRequest(
      'validation_failed',
      err.message,
      err.problems.map((p) => ({ in: 'body', field: p.field, message: p.message })),
    );
  }
}
