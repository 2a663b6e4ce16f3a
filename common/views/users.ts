import type { UserRow } from '../../db/queries/users';
import { UserRead } from '../../api/schemas/users';

// The schema of this answer, for whoever checks or describes it (the company export).
export { UserRead };

// A user as GET /api/user/{userId} answers it (users.ts, and the company export's users).

export function toRead(row: UserRow): UserRead {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    teamId: row.teamId,
  };
}
