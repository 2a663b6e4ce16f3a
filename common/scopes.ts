// What an API key may do, as restricted keys work elsewhere: each operation needs one scope
// (declared in its defineOperation); a key holds a set of them.

export const SCOPES = [
  'roleplays:read',
  'roleplays:write',
  'sessions:read',
  'scripts:read',
  'scripts:write',
  'users:read',
  'users:write',
  'recordings:read',
  'recordings:write',
  'webhooks:manage',
  'analytics:read',
  'keys:manage',
  // Added with the company export (issue 44): keys issued with an explicit list keep it (docs/changelog.md).
  'exports:write',
  'exports:read',
] as const;
export type Scope = (typeof SCOPES)[number];

export const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value);
