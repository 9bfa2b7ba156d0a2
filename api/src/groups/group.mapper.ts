import { groupAverage, type AttendanceSummary, type GroupMember, type GroupResponse } from '@portal/contracts';
import { EMPTY_SUMMARY } from '../attendance/attendance-summary.service';
import { iso } from '../dates/iso';
import type { Group } from './entities/group.entity';

/** `personal` adds members' phone, e-mail and attendance: for the group's mentor and admins only. */
export function toGroupResponse(g: Group, summaries: Map<string, AttendanceSummary>, personal: boolean): GroupResponse {
  const members: GroupMember[] = (g.mentees ?? [])
    .map((m) => ({
      _id: m.id,
      fullName: m.user?.fullName ?? '',
      studentId: m.studentId,
      class: m.className,
      section: m.section,
      ...(personal
        ? { phone: m.user?.phone ?? '', email: m.user?.email ?? '', attendance: summaries.get(m.id) ?? EMPTY_SUMMARY }
        : {}),
    }))
    .sort((a, b) => a.fullName.localeCompare(b.fullName));
  return {
    _id: g.id,
    name: g.name,
    description: g.description,
    color: g.color,
    mentorId: { _id: g.mentorId, fullName: g.mentor?.user?.fullName ?? '', department: g.mentor?.department ?? '' },
    menteeIds: members.map((m) => m._id),
    mentees: members,
    averageAttendance: personal ? groupAverage(members.map((m) => m.attendance!.percentage)) : 0,
    archivedAt: iso(g.archivedAt),
    createdAt: iso(g.createdAt)!,
    updatedAt: iso(g.updatedAt)!,
  };
}
