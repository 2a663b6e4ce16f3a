import { isSupportedCountry, type CountryCode } from 'libphonenumber-js/max';

// The region a recording's national phone numbers are read in ("020 7946 0958" is a London number only
// when read in GB): its company's `phone_region` (`admin company:set <id> --phone-region GB`), else the
// REDACTION_PHONE_REGION setting, else US. A number said with its country code ("plus four four …",
// "double oh four four …") is read in its own region whatever this is.

export function phoneRegionOf(
  company: { phoneRegion?: string | null } | undefined,
  config: { REDACTION_PHONE_REGION?: string },
): CountryCode {
  for (const region of [company?.phoneRegion, config.REDACTION_PHONE_REGION])
    if (region && isSupportedCountry(region)) return region;
  return 'US';
}

/**
 * Regions a call names ("I'm calling from the UK", "my aussie number", "I'm in London"): a national number said with
 * its trunk prefix ("07700 918 442", "oh four one two, …") that no number of the company's region starts like is read
 * in them too. One pass over the text's words.
 */
const NAMED_REGIONS: Array<[RegExp, CountryCode]> = [
  [
    /\b(?:uk|u k|britain|british|england|english mobile|london|scotland|scottish|wales|welsh|manchester|birmingham)\b/,
    'GB',
  ],
  [/\b(?:australia|australian|aussie|sydney|melbourne|brisbane|perth)\b/, 'AU'],
  [/\b(?:ireland|irish|dublin)\b/, 'IE'],
  [/\b(?:new zealand|kiwi|auckland)\b/, 'NZ'],
  [/\b(?:germany|german|berlin|munich)\b/, 'DE'],
  [/\b(?:france|french|paris)\b/, 'FR'],
  [/\b(?:india|indian|mumbai|delhi|bangalore)\b/, 'IN'],
];

export function regionsNamed(text: string): CountryCode[] {
  const lower = text.toLowerCase();
  return NAMED_REGIONS.filter(([words]) => words.test(lower)).map(([, region]) => region);
}
