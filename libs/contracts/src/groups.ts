export const DEFAULT_GROUP_COLOR = '#3B82F6';
export interface GroupResponse {
  _id: string;
  name: string;
  description: string;
  color: string;
  mentorId: string;
  menteeIds: string[];
  mentees: {
    _id: string;
    fullName: string;
    studentId: string;
    class: string;
    section: string;
    phone: string;
    email: string;
    attendance: { totalDays: number; presentDays: number; percentage: number };
  }[];
  createdAt: string;
}
