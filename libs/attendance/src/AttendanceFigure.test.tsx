import { render, screen } from '@testing-library/react';
import { AttendanceFigure } from './AttendanceFigure';

describe('AttendanceFigure', () => {
  it('says nothing when the student has no approved leave (the figure is null) or no summary', () => {
    const { container, rerender } = render(<AttendanceFigure attendance={{ percentageExcludingLeave: null }} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<AttendanceFigure attendance={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('follows the headline inline, or stands on a line of its own', () => {
    const { rerender } = render(<AttendanceFigure attendance={{ percentageExcludingLeave: 87.5 }} />);
    expect(screen.getByTestId('attendance-excluding-leave')).toHaveTextContent('· 87.5% excluding approved leave');
    expect(screen.getByTestId('attendance-excluding-leave').style.display).toBe('');
    rerender(<AttendanceFigure attendance={{ percentageExcludingLeave: 100 }} line />);
    expect(screen.getByTestId('attendance-excluding-leave')).toHaveTextContent(/^100% excluding approved leave$/);
    expect(screen.getByTestId('attendance-excluding-leave').style.display).toBe('block');
  });

  it('shows a zero figure (all attended days were none, leave aside)', () => {
    render(<AttendanceFigure attendance={{ percentageExcludingLeave: 0 }} line />);
    expect(screen.getByText('0% excluding approved leave')).toBeInTheDocument();
  });
});
