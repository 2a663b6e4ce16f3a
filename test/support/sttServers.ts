// The speech-to-text stand-ins the recording tests start, from one place: OpenAI's transcription
// endpoint and Deepgram's /v1/listen (AssemblyAI's asynchronous API is assemblyAiServer.ts).

export type { SpokenSegment, SttBehavior, SttRequest, SttServer } from './sttStandIn';
export { GPT4O_MAX_SECONDS, OPENAI_MAX_UPLOAD_BYTES, startOpenAiSttServer } from './openAiSttServer';
export { DEEPGRAM_MAX_BYTES, startDeepgramServer } from './deepgramServer';
