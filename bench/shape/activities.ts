// The activities of the bare shape: the recording pipeline's names with empty bodies, registered by the
// bench's shape worker (bench/shape/worker.ts) beside the real workflow code. They return the smallest values
// the real recordingIntake needs to take the same path (every webhook delivered by its first attempt).

export interface ShapePlan {
  pieces: Array<{ channel: 'mixed' | 'rep' | 'customer'; index: number }>;
  concurrency: number;
}

export function createShapeActivities(plan: ShapePlan) {
  return {
    async resolveRecordingUserId(_recordingId: string): Promise<string> {
      return 'shape-user';
    },
    async setRecordingStatus(_recordingId: string, _status: string): Promise<void> {},
    async storeRecording(_recordingId: string): Promise<void> {},
    async prepareMedia(_recordingId: string): Promise<ShapePlan> {
      return plan;
    },
    async transcribeRecordingPiece(
      _recordingId: string,
      _channel: string,
      _index: number,
    ): Promise<{ segments: number }> {
      return { segments: 0 };
    },
    // What the real step answers (TranscriptionSummary): the run reads redactedSpans from it.
    async stitchTranscript(
      _recordingId: string,
    ): Promise<{ provider: 'openai'; language: null; durationMs: number; segments: number; redactedSpans: number }> {
      return { provider: 'openai', language: null, durationMs: 0, segments: 0, redactedSpans: 0 };
    },
    async analyzeAndKeepRecording(_recordingId: string): Promise<void> {},
    async persistRecordingResult(_recordingId: string): Promise<{ sessionId: string | null }> {
      return { sessionId: null };
    },
    async keepRecordingEvent(_input: unknown): Promise<boolean> {
      return true;
    },
    async removeMediaScratch(_recordingId: string): Promise<void> {},
    async listWebhookTargets(_companyId: string, _eventType: string): Promise<string[]> {
      return ['shape-endpoint'];
    },
    async webhookRetryPolicy(): Promise<{ initialIntervalMs: number; maxIntervalMs: number; maximumAttempts: number }> {
      return { initialIntervalMs: 1000, maxIntervalMs: 5000, maximumAttempts: 8 };
    },
    async deliverWebhook(_input: unknown): Promise<{ delivered: boolean }> {
      return { delivered: true };
    },
    async firstWebhookAttempt(_input: unknown): Promise<{ outcome: 'delivered' | 'failed' }> {
      return { outcome: 'delivered' };
    },
    async markRecordingFailed(_recordingId: string, _reason: string): Promise<void> {},
  };
}

export type ShapeActivities = ReturnType<typeof createShapeActivities>;
