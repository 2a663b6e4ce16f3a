import type { Knex } from 'knex';

// conversationType.roleplayType takes Replay's two values from now on: `Train` (practice) and
// `Interview` (assessment). Slugs naming an assessment (interview, assessment, exam, certification,
// evaluation, quiz, test as a word of the slug) become `Interview`; every other slug, and a missing one,
// becomes `Train`, the default. The old slug is kept beside it as `legacyRoleplayType` (never returned),
// so `down` gives every row back exactly what it had. Self-contained SQL: a migration keeps doing what
// it did when the query modules change.
const ASSESSMENT_WORDS = '(^|-)(interview|interviews|assessment|assess|exam|certification|certify|evaluation|quiz|test)(-|$)';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `UPDATE roleplays
        SET conversation_type = JSON_SET(
              conversation_type,
              '$.legacyRoleplayType', JSON_VALUE(conversation_type, '$.roleplayType'),
              '$.roleplayType', CASE WHEN LOWER(COALESCE(JSON_VALUE(conversation_type, '$.roleplayType'), '')) REGEXP ? THEN 'Interview' ELSE 'Train' END)
      WHERE COALESCE(JSON_VALUE(conversation_type, '$.roleplayType'), '') NOT IN ('Train', 'Interview')`,
    [ASSESSMENT_WORDS],
  );
}

export async function down(knex: Knex): Promise<void> {
  // Rows created after `up` have no legacy slug: they get the lowercase slug of their type.
  await knex.raw(
    `UPDATE roleplays
        SET conversation_type = JSON_REMOVE(
              JSON_SET(conversation_type, '$.roleplayType',
                COALESCE(JSON_VALUE(conversation_type, '$.legacyRoleplayType'), LOWER(JSON_VALUE(conversation_type, '$.roleplayType')))),
              '$.legacyRoleplayType')
      WHERE JSON_VALUE(conversation_type, '$.roleplayType') IN ('Train', 'Interview')`,
  );
}
