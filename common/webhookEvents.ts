// Webhook event contract: the envelope and payloads receivers get (documented in the README).
// The event id is fixed when the event is first built and stays the same on every retry.

export const WEBHOOK_EVENT_TYPES = ['recording.processing.completed', 'recording.processing.failed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface WebhookEvent<T = unknown> {
  id: string;
  type: WebhookEventType;
  /** ISO 8601 UTC. */
  createdAt: string;
  data: T;
}

export interface RecordingEventUser {
  id: string;
  name: string;
  userUniqueIdentifier: string;
}

export interface RecordingCompletedData {
  recordingId: string;
  status: 'completed';
  user: RecordingEventUser;
  /** Present when the recording was submitted with a roleplayId. */
  sessionId: string | null;
  result: unknown;
}

export interface RecordingFailedData {
  recordingId: string;
  status: 'failed';
  user: RecordingEventUser | null;
  reason: string;
}
