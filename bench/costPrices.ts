// Every price the cost part (bench/cost.ts) multiplies by, each once, with where it was read and when.
// BENCHMARKS.md's "Cost per recording" quotes this table as the part prints it. `read` is the day the page (or
// the stored snapshot of it) was read for this table; `published` the page's own date when it gives one.
// Prices change: re-read the sources before quoting a figure to a customer.

export interface Price {
  /** USD per `unit`. */
  usd: number;
  unit: string;
  source: string;
  published?: string;
  read: string;
  note?: string;
}

const READ = '2026-11-28';

export const PRICES = {
  temporalActionsPayg: {
    usd: 50,
    unit: 'million actions (first 5M a month; $45 to 10M, $40 to 20M, $35 to 50M, $30 to 100M, $25 to 200M)',
    source:
      'https://docs.temporal.io/cloud/pricing (temporalio/documentation (docs folder) evaluate/temporal-cloud/pricing.mdx)',
    read: READ,
    note: 'Pay-As-You-Go; every plan includes actions (Essentials: 1M a month, the plan itself the greater of $100/month or 5 % of usage)',
  },
  temporalActionsCredits: {
    usd: 25,
    unit: 'million actions (an earlier edition of the same page: base rate; with credits $23.25 up to 300M per namespace, $18.80 to 1.5B)',
    source: 'https://docs.temporal.io/cloud/pricing (earlier snapshot)',
    read: READ,
    note: 'superseded by the plan pricing above; kept because earlier estimates quoted it',
  },
  whisper1: {
    usd: 0.006,
    unit: 'audio minute',
    source: 'https://developers.openai.com/api/docs/models/whisper-1',
    read: READ,
  },
  gpt4oMiniTranscribe: {
    usd: 0.003,
    unit: "audio minute (OpenAI's estimate; billed as audio tokens $1.25/M in, text $5/M out)",
    source:
      'https://tokenmix.ai/blog/gpt-4o-transcribe-speech-to-text-api-guide-2026 ("verified against OpenAI\'s April 2026 docs")',
    published: '2026-04-25',
    read: READ,
  },
  deepgramNova3: {
    usd: 0.0077,
    unit: 'audio minute (pre-recorded, monolingual, Pay-As-You-Go; Growth plan $0.0065)',
    source:
      'https://raw.githubusercontent.com/D3velop-llc/open-gauntlet-leaderboard/main/data/asr.json ("verified from deepgram.com/pricing, 1 Aug 2026")',
    published: '2026-08-08',
    read: READ,
    note: 'older listings give $0.0043; the dated one is used',
  },
  assemblyAiUniversal2: {
    usd: 0.15 / 60,
    unit: 'audio minute ($0.15 per hour, Universal-2 pre-recorded; Universal-3.5 Pro $0.21 per hour)',
    source:
      'https://raw.githubusercontent.com/api-evangelist/assemblyai/refs/heads/main/plans/assemblyai-plans-pricing.yml (transcribed from https://www.assemblyai.com/pricing)',
    published: '2026-10-07',
    read: READ,
  },
  gpt4oMiniPrompt: {
    usd: 0.15,
    unit: "million prompt tokens (gpt-4o-mini, LLM_MODEL's default)",
    source: 'https://openrouter.ai/openai/gpt-4o-mini-2024-07-18/parameters',
    read: READ,
  },
  gpt4oMiniCompletion: {
    usd: 0.6,
    unit: 'million completion tokens (gpt-4o-mini)',
    source: 'https://openrouter.ai/openai/gpt-4o-mini-2024-07-18/parameters',
    read: READ,
  },
  s3Standard: {
    usd: 0.023,
    unit: 'GB-month (S3 Standard, first 50 TB, us-east-1)',
    source:
      'https://aws.amazon.com/s3/pricing/ as tabulated in https://gist.github.com/EverettBerry/a37438006529a55f42da6fdbc44a505c',
    published: '2022-07-07',
    read: READ,
    note: "unchanged since; AWS's page renders the figure by script, so no stored copy of it shows the number",
  },
  workerVcpuHour: {
    usd: 0.0816 / 2,
    unit: 'vCPU-hour (EC2 m7g.large on demand, Linux, us-east-1: $0.0816 an hour for 2 vCPU and 8 GiB)',
    source: 'https://www.factualminds.com/blog/amazon-ec2-on-demand-pricing-instance-families-2026/',
    published: '2026-06-17',
    read: READ,
  },
} satisfies Record<string, Price>;

export type PriceKey = keyof typeof PRICES;

/** The speech providers a recording can be sent to, by the price of an audio minute. */
export const SPEECH_PROVIDERS = [
  { name: 'OpenAI whisper-1', price: 'whisper1' },
  { name: 'OpenAI gpt-4o-mini-transcribe', price: 'gpt4oMiniTranscribe' },
  { name: 'Deepgram nova-3', price: 'deepgramNova3' },
  { name: 'AssemblyAI Universal-2', price: 'assemblyAiUniversal2' },
] as const satisfies ReadonlyArray<{ name: string; price: PriceKey }>;
