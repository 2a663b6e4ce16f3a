// The types of the failures the recording activities raise on purpose (activities/failures.ts), by name.
// Plain data: the workflow reads it too, to tell a reason written for people from an unexpected error.

/** Failure types the workflow recognises by name. */
export const FailureTypes = {
  RecordingNotFound: 'RecordingNotFound',
  SourceUnavailable: 'SourceUnavailable',
  SourceRejected: 'SourceRejected',
  NotMedia: 'NotMedia',
  TooLarge: 'TooLarge',
  BlockedAddress: 'BlockedAddress',
  InvalidUrl: 'InvalidUrl',
  ProviderRejected: 'ProviderRejected',
  ProviderKeyRefused: 'ProviderKeyRefused',
  ProviderUnavailable: 'ProviderUnavailable',
  NoSpeech: 'NoSpeech',
  InvalidState: 'InvalidState',
  TooLong: 'TooLong',
  /** The company has COMPANY_MAX_HEAVY_ACTIVITIES media and speech-to-text activities running: the workflow waits and asks again. */
  CompanyAtActivityLimit: 'CompanyAtActivityLimit',
} as const;

const knownTypes: ReadonlySet<string> = new Set(Object.values(FailureTypes));

/** Whether a failure of this type carries a message written for the recording's owner. */
export function isExplainedFailure(type: string | null | undefined): boolean {
  return typeof type === 'string' && knownTypes.has(type);
}
