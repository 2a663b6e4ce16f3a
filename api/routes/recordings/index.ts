import type { Operation } from '../../operation';
import { recordingControlOperations } from './control';
import { recordingReadOperations } from './reads';
import { recordingSubmissionOperations } from './submission';
import { recordingTranscriptOperations } from './transcript';

// The recording resource, one module per concern: submission (POST /api/recording), reads (GET one,
// the list), control (cancel, retry), transcript (the time-coded transcript, JSON or WebVTT); view.ts turns a row into what they answer. Its schemas are
// api/schemas/recordings.ts, its body rules api/commands/recordingSubmission.ts.
export const recordingOperations: Operation[] = [
  ...recordingSubmissionOperations,
  ...recordingReadOperations,
  ...recordingControlOperations,
  ...recordingTranscriptOperations,
];
