import { PRICES, SPEECH_PROVIDERS } from './costPrices';

// A recording's measured figures (bench/costScenarios.ts) turned into dollars with the prices of
// bench/costPrices.ts. Pure arithmetic, so the table can be re-priced from a results file.

/** What a scenario measured, per recording. */
export interface ScenarioFigures {
  name: string;
  /** Minutes of audio sent to speech-to-text (0: a submitted transcript). */
  audioMinutes: number;
  /** Bytes of audio kept in the recording store (0: nothing stored). */
  storedBytes: number;
  recordings: number;
  workflowTasks: number;
  events: number;
  payloadBytes: number;
  /** From the histories by Cloud's rules (bench/temporalActions.ts), by rule and in total. */
  historyActions: Record<string, number> & { total: number };
  /** From the server's `action` counter (undefined when the bench did not start the server). */
  serverActions?: Record<string, number> & { total: number };
  /** MySQL statements (Questions) of the service, the bench's own taken out. */
  mysqlStatements: number;
  /** CPU seconds by process. */
  cpu: Record<string, number> & { total: number };
}

/**
 * The analysis is built in by default (no LLM, no cost). With LLM_* set, one chat request scores a call:
 * its prompt the transcript (~200 tokens an audio minute: ~150 words a minute, ~1.3 tokens a word) plus the
 * instructions and scorecard (~1,000 tokens), its answer ~300 tokens. An estimate, not a measurement.
 */
export const LLM_TOKENS = { perAudioMinute: 200, promptOverhead: 1000, completion: 300 };

export function llmTokens(minutes: number): { prompt: number; completion: number } {
  return {
    prompt: Math.round(LLM_TOKENS.promptOverhead + LLM_TOKENS.perAudioMinute * minutes),
    completion: LLM_TOKENS.completion,
  };
}

export interface ScenarioDollars {
  name: string;
  /** Actions (from the histories) at the first Pay-As-You-Go tier. */
  temporal: number;
  /** Per provider name. */
  speech: Record<string, number>;
  /** The stored audio for one month. */
  storageMonth: number;
  /** The worker's and the API's CPU on the named instance's vCPU-hour. */
  compute: number;
  /** Only with LLM_* configured (gpt-4o-mini). */
  llmIfOn: number;
}

const perMillion = (n: number, usdPerMillion: number): number => (n * usdPerMillion) / 1e6;

export function dollars(f: ScenarioFigures): ScenarioDollars {
  const speech: Record<string, number> = {};
  for (const p of SPEECH_PROVIDERS) speech[p.name] = f.audioMinutes * PRICES[p.price].usd;
  const tokens = llmTokens(f.audioMinutes || 2);
  return {
    name: f.name,
    temporal: perMillion(f.historyActions.total, PRICES.temporalActionsPayg.usd),
    speech,
    storageMonth: (f.storedBytes / 1e9) * PRICES.s3Standard.usd,
    compute: (((f.cpu.worker ?? 0) + (f.cpu.api ?? 0)) / 3600) * PRICES.workerVcpuHour.usd,
    llmIfOn:
      perMillion(tokens.prompt, PRICES.gpt4oMiniPrompt.usd) +
      perMillion(tokens.completion, PRICES.gpt4oMiniCompletion.usd),
  };
}

/** A recording's total with one speech provider, the LLM off (the default), the audio kept one month. */
export const totalWith = (d: ScenarioDollars, provider: string): number =>
  d.temporal + (d.speech[provider] ?? 0) + d.storageMonth + d.compute;
