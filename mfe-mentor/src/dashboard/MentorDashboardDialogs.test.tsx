import { fireEvent, render, screen } from '@testing-library/react';
import type { DashboardMentee } from '@portal/contracts';
import { MenteesDialog } from './MentorDashboardDialogs';

const mentees: DashboardMentee[] = Array.from({ length: 25 }, (_, i) => ({
  _id: `s${i + 1}`,
  fullName: `Student ${String(i + 1).padStart(2, '0')}`,
  studentId: `STU-${i + 1}`,
  class: i < 20 ? '10' : '11',
  section: 'A',
  phone: '',
  email: `s${i + 1}@example.edu`,
  attendance: {
    totalDays: 0,
    presentDays: 0,
    lateDays: 0,
    absentDays: 0,
    leaveDays: 0,
    percentage: 0,
    percentageExcludingLeave: null,
  },
}));

describe('My Mentees overlay', () => {
  it('pages a long caseload by 10 and searches it by name, student ID or class-section', () => {
    render(<MenteesDialog open mentees={mentees} renderItem={(m) => <span>{m.fullName}</span>} onClose={jest.fn()} />);
    expect(screen.getAllByText(/^Student \d+$/)).toHaveLength(10);
    expect(screen.getByText('1–10 of 25')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('listitem', { name: '3' }));
    expect(screen.getAllByText(/^Student \d+$/)).toHaveLength(5);
    expect(screen.getByText('Student 25')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Search mentees'), { target: { value: '11-a' } });
    expect(screen.getAllByText(/^Student \d+$/)).toHaveLength(5);
    expect(screen.getByText('Student 21')).toBeInTheDocument();
    expect(screen.queryByText(/of 25/)).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search mentees'), { target: { value: 'nobody' } });
    expect(screen.getByText('No mentees match')).toBeInTheDocument();
  });
});
