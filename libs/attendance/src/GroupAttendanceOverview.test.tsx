import { fireEvent, render, screen, within } from '@testing-library/react';
import type { GroupMember, GroupResponse } from '@portal/contracts';
import { AttendanceBandTag, LeaveEligibilityTag } from './AttendanceBandTag';
import { GroupAttendanceOverview } from './GroupAttendanceOverview';

const member = (id: string, fullName: string, totalDays: number, presentDays: number): GroupMember => ({
  _id: id,
  fullName,
  studentId: `STU-${id}`,
  class: '10',
  section: 'A',
  attendance: {
    totalDays,
    presentDays,
    lateDays: 0,
    absentDays: totalDays - presentDays,
    leaveDays: 0,
    percentage: totalDays ? Math.round((presentDays / totalDays) * 100) : 0,
    percentageExcludingLeave: null,
  },
});
const group = (name: string, mentees: GroupMember[], averageAttendance: number): GroupResponse => ({
  _id: name,
  name,
  description: '',
  color: '#3B82F6',
  mentorId: { _id: 'm1', fullName: 'Ravi Kumar', department: 'Mathematics' },
  menteeIds: mentees.map((m) => m._id),
  mentees,
  averageAttendance,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
});

describe('a student with no recorded day', () => {
  it('is "No attendance recorded yet", not a red "0% · Needs improvement"', () => {
    const { rerender } = render(
      <AttendanceBandTag
        attendance={{
          totalDays: 0,
          presentDays: 0,
          lateDays: 0,
          absentDays: 0,
          leaveDays: 0,
          percentage: 0,
          percentageExcludingLeave: null,
        }}
        showPercent
      />,
    );
    expect(screen.getByText('No attendance recorded yet')).not.toHaveClass('ant-tag-red');
    expect(screen.queryByText(/Needs improvement/)).not.toBeInTheDocument();
    rerender(
      <AttendanceBandTag
        attendance={{
          totalDays: 10,
          presentDays: 0,
          lateDays: 0,
          absentDays: 10,
          leaveDays: 0,
          percentage: 0,
          percentageExcludingLeave: null,
        }}
        showPercent
      />,
    );
    expect(screen.getByText('0% · Needs improvement')).toHaveClass('ant-tag-red');
  });

  it('is not labelled "Not eligible for leave": eligibility shows from the first recorded day', () => {
    const summary = (totalDays: number, presentDays: number) => member('s', 'Sam', totalDays, presentDays).attendance;
    const { container, rerender } = render(<LeaveEligibilityTag attendance={summary(0, 0)} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<LeaveEligibilityTag attendance={summary(10, 5)} />);
    expect(screen.getByText('Not eligible for leave')).toHaveClass('ant-tag-red');
    rerender(<LeaveEligibilityTag attendance={summary(10, 9)} short />);
    expect(screen.getByText('Eligible')).toHaveClass('ant-tag-green');
  });

  it('in the group overview: the new group says so, and the member list tells new and recorded students apart', () => {
    render(
      <GroupAttendanceOverview
        isLoading={false}
        error={undefined}
        groups={[
          group('Newcomers', [member('n1', 'Nia New', 0, 0)], 0),
          group('Quiz Team', [member('a1', 'Asha Singh', 20, 19), member('n2', 'Noor New', 0, 0)], 48),
        ]}
      />,
    );
    const [newcomers, quiz] = screen.getAllByTestId('attendance-group');
    expect(within(newcomers).getByText('No attendance recorded yet')).toBeInTheDocument();
    expect(within(newcomers).queryByText('Needs improvement')).not.toBeInTheDocument();
    expect(within(quiz).getByText('Needs improvement')).toBeInTheDocument();

    fireEvent.click(quiz);
    const rows = screen.getAllByRole('row');
    const row = (name: string) => rows.find((r) => within(r).queryByText(name))!;
    expect(within(row('Asha Singh')).getByText('95% · Excellent')).toBeInTheDocument();
    expect(within(row('Noor New')).getByText('No attendance recorded yet')).toBeInTheDocument();
    expect(within(row('Noor New')).queryByText(/Needs improvement/)).not.toBeInTheDocument();
  });
});
