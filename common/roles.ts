// The spec uses three role vocabularies (2.2); this is the one mapping between them.
// Stored: Rep | Manager | Integration, plus a status (active | disabled).
// Reads (list/get): the stored role. Update record: Disabled | Manager | User. Invite/update input: User | Manager.

export type StoredRole = 'Rep' | 'Manager' | 'Integration';
export type InputRole = 'User' | 'Manager';
export type RecordRole = 'User' | 'Manager' | 'Disabled';
export type UserStatus = 'active' | 'disabled';

export function storedRoleFromInput(role: InputRole): 'Rep' | 'Manager' {
  return role === 'Manager' ? 'Manager' : 'Rep';
}

/** A stored invitation role (Rep | Manager) in the invite vocabulary it was made with. */
export function inputRoleFromStored(role: 'Rep' | 'Manager'): InputRole {
  return role === 'Manager' ? 'Manager' : 'User';
}

export function recordRole(role: StoredRole, status: UserStatus): RecordRole {
  if (status === 'disabled') return 'Disabled';
  return role === 'Manager' ? 'Manager' : 'User';
}
