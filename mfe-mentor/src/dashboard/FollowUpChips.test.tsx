import { render, screen } from '@testing-library/react';
import { daysSince, lastContactText, RiskSignalChips } from '@portal/people';

describe('follow-up queue parts', () => {
  it('shows each signal as a chip with its evidence written out', () => {
    render(
      <RiskSignalChips
        signals={[
          {
            _id: 'a',
            kind: 'consecutiveAbsences',
            evidence: '3 absences in a row: 2031-03-10 to 2031-03-12',
            openedAt: '2031-03-12T10:00:00.000Z',
            handledAt: null,
          },
          {
            _id: 'b',
            kind: 'lowAttendance',
            evidence: 'Attendance 60% over the last 30 school days (5 marked), below 75%',
            openedAt: '2031-03-12T10:00:00.000Z',
            handledAt: null,
          },
        ]}
      />,
    );
    expect(screen.getByText('Absences in a row')).toBeInTheDocument();
    expect(screen.getByText('Low attendance')).toBeInTheDocument();
    expect(screen.getByText('3 absences in a row: 2031-03-10 to 2031-03-12')).toBeInTheDocument();
  });

  it('says how long since the last contact', () => {
    expect(daysSince('2031-03-02', '2031-03-12')).toBe(10);
    expect(lastContactText(null)).toBe('No contact logged');
  });
});
