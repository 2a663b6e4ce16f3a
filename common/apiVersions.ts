// API versions (issue 34 §6): dated, oldest first. A request names one in the `Sales-Practice-Version`
// header; without it the API key's pinned version applies (set when the key is created, changeable),
// and every answer names the version it used in the same header. docs/changelog.md lists them, and
// test/content/apiVersions.test.ts checks that it lists exactly these, each with exactly its `changes`.

export const API_VERSION_HEADER = 'Sales-Practice-Version';

export interface ApiVersionDescription {
  version: string;
  /** What changed in this version, for docs/changelog.md. */
  changes: string[];
}

export const API_VERSIONS = [
  {
    version: '2026-11-21',
    changes: [
      'The first version: roleplays, sessions, memorization scripts, users, teams, invitations, counts, webhooks and recording intake (spec sections 2 to 5).',
      '`conversationType.roleplayType` is a lowercase kebab-case slug the company chooses (`cold-call`, `discovery`), up to 64 characters. Still so under this version: a roleplay created with a slug reads back with it, and one created or moved to `Train`/`Interview` reads as `train`/`interview` unless the migration kept its old slug.',
    ],
  },
  {
    version: '2026-11-23',
    changes: [
      "`conversationType.roleplayType` takes Replay's two values, `Train` (practice) and `Interview` (assessment), default `Train`; a slug is refused with a 400 naming them.",
      'Roleplays created with a slug were moved: slugs naming an assessment (interview, assessment, exam, certification, evaluation, quiz, test) became `Interview`, every other `Train` (migration `20261123000100_roleplay_types_train_interview`, which kept the slug as `legacyRoleplayType`); under 2026-11-21 they still read as the slug they were created with, and a slug sent under 2026-11-21 is stored the same way.',
    ],
  },
] as const satisfies readonly ApiVersionDescription[];

export type ApiVersion = (typeof API_VERSIONS)[number]['version'];

export const API_VERSION_NAMES: readonly ApiVersion[] = API_VERSIONS.map((v) => v.version);

/** What new API keys are pinned to, and what a request without a version and without a key gets. */
export const CURRENT_API_VERSION: ApiVersion = API_VERSION_NAMES[API_VERSION_NAMES.length - 1];

/** The last version in which roleplayType was a free kebab-case slug. */
export const SLUG_ROLEPLAY_TYPE_VERSION: ApiVersion = '2026-11-21';

export const isApiVersion = (value: string): value is ApiVersion => (API_VERSION_NAMES as string[]).includes(value);
