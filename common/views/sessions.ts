import { signMediaLink } from '../mediaLinks';
import { durationMs, type Config } from '../config';
import { recordingStorageFor } from '../storage/configuredStorage';
import type { SessionResultRow } from '../../db/queries/sessions';
import { SessionResult } from '../../api/schemas/sessions';

// A roleplay session's result as GET /api/roleplay/session/{id} answers it (api/routes/sessions.ts, and the
// company export's sessions), with its schema.
export { SessionResult };

/** A bucket's own presigned GET when the backend has one (the API stays out of the download), else our signed /media link. */
async function mediaLink(config: Config, key: string, now: Date): Promise<string> {
  const storage = recordingStorageFor(config);
  return storage.playbackUrl
    ? storage.playbackUrl(key, durationMs(config.MEDIA_URL_TTL))
    : signMediaLink(config, key, now.getTime());
}

/** Spec 2.5: optional parts appear only when there is something to show. */
export async function toResult(row: SessionResultRow, config: Config, now: Date): Promise<SessionResult> {
  const result: SessionResult = {
    id: row.id,
    activityType: 'premade-roleplay',
    activityId: row.roleplayId,
    didPass: row.didPass,
    length: row.lengthMs,
    wpm: row.wpm,
    score: row.score,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user: { id: row.user.id, firstName: row.user.firstName, lastName: row.user.lastName ?? '' },
    premadeRoleplay: { title: row.roleplayTitle, passingScore: row.roleplayPassingScore },
    snippets: row.snippets,
    criteriaResponses: row.criteriaResponses,
    metricResponses: row.metricResponses,
  };
  if (row.nameCount !== null) result.nameCount = row.nameCount;
  if (row.numQuestions !== null) result.numQuestions = row.numQuestions;
  if (row.numFillerWords !== null) result.numFillerWords = row.numFillerWords;
  if (row.customerPersona.imageUrl) result.customerPersona = { imageUrl: row.customerPersona.imageUrl };
  // A stored file is served through a short-lived signed link; a caller's own permanent URL is passed on as is.
  if (row.audioStorageKey) result.audioUrl = await mediaLink(config, row.audioStorageKey, now);
  else if (row.audioExternalUrl) result.audioUrl = row.audioExternalUrl;
  if (row.videoStorageKey) result.videoUrl = await mediaLink(config, row.videoStorageKey, now);
  // Retention deleted the media: the links are withdrawn (null says "there was one, it is gone").
  if (row.mediaDeletedAt) {
    result.audioUrl = null;
    result.videoUrl = null;
  }
  return result;
}
