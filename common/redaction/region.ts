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
