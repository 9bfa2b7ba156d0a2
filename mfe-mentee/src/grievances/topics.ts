import type { GrievanceCategory, GrievanceType } from '@portal/contracts';

/**
 * The form's one question, "What is it about?": each answer files the type and category the API and the admins'
 * filters know, so the confidential routing (misconduct, harassment, about the mentor) is exactly the contracts' rule.
 */
export const GRIEVANCE_TOPICS = {
  bullying: { grievanceType: 'misconduct-complaint', category: 'harassment' },
  conduct: { grievanceType: 'misconduct-complaint', category: 'disciplinary' },
  teaching: { grievanceType: 'communication-support', category: 'academic' },
  administration: { grievanceType: 'administrative-issues', category: 'administrative' },
  facilities: { grievanceType: 'technical-issues', category: 'facilities' },
  other: { grievanceType: 'other', category: 'other' },
} as const satisfies Record<string, { grievanceType: GrievanceType; category: GrievanceCategory }>;
export type GrievanceTopic = keyof typeof GRIEVANCE_TOPICS;
