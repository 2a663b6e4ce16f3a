import type { Config } from '../../common/config';
import type { ActivityMetrics } from '../deps';
import type { ProviderMeter } from '../providerHttp';

/**
 * The model a speech-to-text request asks for, as a metric label: STT_MODEL, except that the default
 * `whisper-1` means the provider's own default for Deepgram and AssemblyAI (activities/stt/*.ts).
 */
function sttModelLabel(config: Pick<Config, 'STT_PROVIDER' | 'STT_MODEL'>): string {
  return config.STT_PROVIDER !== 'openai' && config.STT_MODEL === 'whisper-1' ? 'default' : config.STT_MODEL;
}

/** Counts every speech-to-text request by provider, model and status, and the Retry-After waits asked for. */
export function sttMeter(
  metrics: ActivityMetrics | undefined,
  config: Pick<Config, 'STT_PROVIDER' | 'STT_MODEL'>,
): ProviderMeter | undefined {
  if (!metrics) return undefined;
  const labels = { provider: config.STT_PROVIDER, model: sttModelLabel(config) };
  return {
    request: (status, seconds) => metrics.sttRequests.observe({ ...labels, status }, seconds),
    retryAfter: (ms) => metrics.sttRetryAfter.observe(labels, ms / 1000),
  };
}
