import type { RoleplayType } from '../db/queries/roleplays';

// roleplayType across API versions (common/apiVersions.ts): up to 2026-11-21 a free kebab-case slug, from
// 2026-11-23 Train or Interview. A slug sent under the old version is stored as the type it stands for
// (the rule migration 20261123000100_roleplay_types_train_interview applied to existing rows) with the slug
// kept beside it as `legacyRoleplayType`, which the old version reads back.

const ASSESSMENT_WORDS =
  /(^|-)(interview|interviews|assessment|assess|exam|certification|certify|evaluation|quiz|test)(-|$)/;

/** The type a slug stands for: Interview for an assessment word, else Train. */
export const roleplayTypeOfSlug = (slug: string): RoleplayType =>
  ASSESSMENT_WORDS.test(slug.toLowerCase()) ? 'Interview' : 'Train';

/** What the old version reads: the slug kept by the migration or an old-version create, else the type's lowercase slug. */
export const slugOfRoleplayType = (conversationType: { roleplayType: RoleplayType; legacyRoleplayType?: string }) =>
  conversationType.legacyRoleplayType ?? conversationType.roleplayType.toLowerCase();
