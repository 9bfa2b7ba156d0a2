import { act, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import type { GroupResponse } from '@portal/contracts';
import { switchLanguage } from '@portal/web-core';
import { AttendanceToggle } from '../AttendanceToggle';
import { GroupAttendanceOverview } from '../GroupAttendanceOverview';
import { MonthlyAttendanceChart } from '../MonthlyAttendanceChart';

const group: GroupResponse = {
  _id: 'g1',
  name: 'Blue',
  description: '',
  color: '#3B82F6',
  mentorId: { _id: 'm1', fullName: 'Ravi Kumar', department: 'Mathematics' },
  menteeIds: ['s1'],
  mentees: [
    {
      _id: 's1',
      fullName: 'Asha Singh',
      studentId: 'STU-1',
      class: '10',
      section: 'A',
      attendance: {
        totalDays: 10,
        presentDays: 9,
        lateDays: 0,
        absentDays: 1,
        leaveDays: 0,
        percentage: 90,
        percentageExcludingLeave: null,
      },
    },
  ],
  averageAttendance: 90,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
};

describe('attendance in Hindi', () => {
  beforeEach(async () => {
    await act(() => switchLanguage('hi'));
  });
  afterEach(async () => {
    await act(() => switchLanguage('en'));
  });

  it('names the overview, the band and the count of students in Hindi', () => {
    render(<GroupAttendanceOverview groups={[group]} isLoading={false} error={null} />);
    expect(screen.getByText('उपस्थिति का अवलोकन')).toBeInTheDocument();
    expect(screen.getByText('उत्कृष्ट')).toBeInTheDocument();
    expect(screen.getByText(/1 छात्र · Ravi Kumar/)).toBeInTheDocument();
  });

  it('offers the marks in Hindi', () => {
    render(<AttendanceToggle name="Asha Singh" value="present" onChange={() => undefined} />);
    expect(screen.getByLabelText('Asha Singh की उपस्थिति')).toHaveTextContent('उपस्थित');
  });

  it('writes the months of the chart in Hindi', () => {
    const month = dayjs().format('YYYY-MM');
    render(
      <MonthlyAttendanceChart
        history={[{ month, percentage: 80, presentDays: 8, totalDays: 10 } as never]}
        months={1}
      />,
    );
    expect(screen.getByRole('img', { name: 'मासिक उपस्थिति, पिछले 12 महीने' })).toBeInTheDocument();
    expect(screen.getByText(dayjs().locale('hi').format('MMM'))).toBeInTheDocument();
  });
});
