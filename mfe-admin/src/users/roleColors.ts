import type { Role } from '@portal/contracts';

/** Each role's colour: antd's preset for its tag, and the hex of its avatar. */
export const ROLE_COLOR: Record<Role, string> = { admin: 'purple', mentor: 'blue', mentee: 'green', guardian: 'gold' };
export const ROLE_HEX: Record<Role, string> = {
  admin: '#8B5CF6',
  mentor: '#3B82F6',
  mentee: '#10B981',
  guardian: '#B45309',
};
