import { InvalidArgumentError } from 'commander';
import { isSupportedCountry } from 'libphonenumber-js/max';
import { FAIRNESS_WEIGHT_RANGE } from '../../common/workflowStarts/priority';
import type { CompanyRow, CompanySettingsUpdate } from '../../db/queries/companies';

// The settings `admin company:set` changes and `company:show` prints, one entry each: its option, how the
// option's text is checked (commander refuses bad input before any database work, so nothing changes), the
// column it is stored in and how `company:show` reads it from the company's row. A new company setting is one
// more entry here (and its column in a migration and in db/queries/companies.ts).

export type SettingValue = number | string | boolean | null;

export interface CompanySetting {
  /** The name in `company:show`'s `settings` and in commander's parsed options (camelCase of the flag). */
  key: string;
  flags: string;
  description: string;
  /** Parses the option's text; throws InvalidArgumentError (commander prints it, exit 1). */
  parse: (text: string) => SettingValue;
  column: keyof CompanySettingsUpdate;
  read: (company: CompanyRow) => SettingValue;
}

function fairnessWeight(text: string): number {
  const weight = Number(text);
  const { min, max } = FAIRNESS_WEIGHT_RANGE;
  if (text.trim() === '' || !Number.isFinite(weight) || weight < min || weight > max)
    throw new InvalidArgumentError(`Must be a number from ${min} to ${max}.`);
  return weight;
}

function onOff(text: string): boolean {
  if (text === 'on') return true;
  if (text === 'off') return false;
  throw new InvalidArgumentError('Must be on or off.');
}

function phoneRegion(text: string): string {
  const region = text.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(region) || !isSupportedCountry(region))
    throw new InvalidArgumentError(
      'Must be a two-letter region with a phone numbering plan (ISO 3166, e.g. GB, DE, US).',
    );
  return region;
}

export const COMPANY_SETTINGS: readonly CompanySetting[] = [
  {
    key: 'fairnessWeight',
    flags: '--fairness-weight <weight>',
    description: `the company's share of the task queues against other companies (Temporal's fairnessWeight, ${FAIRNESS_WEIGHT_RANGE.min}-${FAIRNESS_WEIGHT_RANGE.max}, default 1); workflows started later carry it`,
    parse: fairnessWeight,
    column: 'fairness_weight',
    read: (company) => company.fairnessWeight,
  },
  {
    key: 'redactPii',
    flags: '--redact-pii <on|off>',
    description:
      "the default of the company's recordings for redactPii (card numbers, bank details, emails, phone numbers and SSNs replaced by placeholders; docs/recordings.md); a submission's own redactPii wins; recordings submitted later follow it",
    parse: onOff,
    column: 'redact_pii',
    read: (company) => company.redactPii ?? false,
  },
  {
    key: 'phoneRegion',
    flags: '--phone-region <region>',
    description:
      "the region (ISO 3166 alpha-2, e.g. GB) the company's national phone numbers are read in when its recordings are redacted; unset, the REDACTION_PHONE_REGION setting (US unless set); recordings redacted later follow it",
    parse: phoneRegion,
    column: 'phone_region',
    read: (company) => company.phoneRegion ?? null,
  },
];

/** The company's settings as `company:show` prints them. */
export function settingsOf(company: CompanyRow): Record<string, SettingValue> {
  return Object.fromEntries(COMPANY_SETTINGS.map((s) => [s.key, s.read(company)]));
}
