import type { RoleplaySummary } from '../../db/queries/roleplays';
import { Roleplay, RoleplaySlugVersion } from '../../api/schemas/roleplays';
import { SLUG_ROLEPLAY_TYPE_VERSION, type ApiVersion } from '../apiVersions';
import { slugOfRoleplayType } from '../roleplayTypes';

// A roleplay as the roleplay endpoints answer it (api/routes/roleplays.ts, and the company export's roleplays),
// with the schemas of that answer for whoever checks or describes it.
export { Roleplay, RoleplaySlugVersion };

/** The response fields of spec 2.1; write-only fields and the scorecard stay inside. */
export function toRoleplay(row: RoleplaySummary, apiVersion: ApiVersion): Roleplay {
  const roleplay = currentRoleplay(row);
  // Under 2026-11-21 roleplayType reads as the slug (common/roleplayTypes.ts); the schema of that version says so.
  if (apiVersion === SLUG_ROLEPLAY_TYPE_VERSION)
    return {
      ...roleplay,
      conversationType: { ...roleplay.conversationType, roleplayType: slugOfRoleplayType(row.conversationType) },
    } as unknown as Roleplay;
  return roleplay;
}

function currentRoleplay(row: RoleplaySummary): Roleplay {
  return {
    id: row.id,
    title: row.title,
    instructions: row.instructions,
    passingScore: row.passingScore,
    isLive: row.isLive,
    conversationType: { title: row.conversationType.title, roleplayType: row.conversationType.roleplayType },
    customerPersona: {
      name: row.customerPersona.name,
      imageUrl: row.customerPersona.imageUrl,
      tags: row.customerPersona.tags,
    },
    customerBackground: { title: row.customerBackground.title, tags: row.customerBackground.tags },
    customAttributes: row.customAttributes ?? {},
  };
}
