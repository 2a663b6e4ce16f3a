import type { TeamRow } from '../../db/queries/teams';
import { Team } from '../../api/schemas/teams';

// A team as GET /api/team lists it (api/routes/teams.ts, and the company export's teams), with its schema.
export { Team };

export function toTeam(row: TeamRow): Team {
  return { id: row.id, name: row.name, type: row.type, createdAt: row.createdAt.toISOString() };
}
