import { fireEvent, render, screen, within } from '@testing-library/react';
import { ATTENDANCE_STATUS_COLOR, AttendanceToggle } from './AttendanceToggle';

/** WCAG 2.1 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const selectedItem = () =>
  screen.getByLabelText('Attendance of Asha Singh').querySelector('.ant-segmented-item-selected');

describe('AttendanceToggle', () => {
  it.each([
    ['present', 'Present', 'check'],
    ['absent', 'Absent', 'close'],
  ] as const)('shows %s by word, icon and colour, not by position alone', (status, word, icon) => {
    render(<AttendanceToggle name="Asha Singh" value={status} onChange={() => undefined} />);
    const item = selectedItem() as HTMLElement;
    expect(item).toHaveTextContent(word);
    expect(item.querySelector(`.anticon-${icon}`)).not.toBeNull();
    expect(screen.getByLabelText('Attendance of Asha Singh')).toHaveAttribute('data-status', status);
    // The selected fill is the status colour (antd writes it into the component's generated style).
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css.toLowerCase()).toContain(ATTENDANCE_STATUS_COLOR[status].toLowerCase());
  });

  it('keeps white text on the status colours at 4.5:1 or more', () => {
    for (const colour of Object.values(ATTENDANCE_STATUS_COLOR))
      expect(contrast(colour, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
  });

  it('starts unmarked, reports the choice, and offers no way back to unmarked', () => {
    const onChange = jest.fn();
    const { rerender } = render(<AttendanceToggle name="Asha Singh" value={undefined} onChange={onChange} />);
    expect(selectedItem()).toHaveTextContent('Unmarked');
    fireEvent.click(within(screen.getByLabelText('Attendance of Asha Singh')).getByText('Absent'));
    expect(onChange).toHaveBeenCalledWith('absent');
    rerender(<AttendanceToggle name="Asha Singh" value="absent" onChange={onChange} />);
    expect(screen.queryByText('Unmarked')).not.toBeInTheDocument();
  });

  it('on a narrow screen leaves the Unmarked pill out: an unmarked student has neither choice filled', () => {
    render(<AttendanceToggle name="Asha Singh" value={undefined} onChange={() => undefined} compact />);
    expect(screen.queryByText('Unmarked')).not.toBeInTheDocument();
    expect(selectedItem()).toBeNull();
    expect(screen.getByLabelText('Attendance of Asha Singh')).toHaveAttribute('data-status', 'unmarked');
  });

  it('offers the four statuses when asked, present and absent first, and reports late and leave', () => {
    const onChange = jest.fn();
    render(
      <AttendanceToggle
        name="Asha Singh"
        value={undefined}
        onChange={onChange}
        statuses={['present', 'absent', 'late', 'leave']}
      />,
    );
    const group = screen.getByLabelText('Attendance of Asha Singh');
    const labels = [...group.querySelectorAll('.ant-segmented-item-label')].map((e) => e.textContent);
    expect(labels).toEqual(['Present', 'Absent', 'Late', 'Leave', 'Unmarked']);
    fireEvent.click(within(group).getByText('Late'));
    expect(onChange).toHaveBeenLastCalledWith('late');
    fireEvent.click(within(group).getByText('Leave'));
    expect(onChange).toHaveBeenLastCalledWith('leave');
  });

  it('by default offers the spec’s two, and still shows a day already marked late as late', () => {
    render(<AttendanceToggle name="Asha Singh" value="late" onChange={() => undefined} />);
    const group = screen.getByLabelText('Attendance of Asha Singh');
    expect([...group.querySelectorAll('.ant-segmented-item-label')].map((e) => e.textContent)).toEqual([
      'Present',
      'Absent',
      'Late',
    ]);
    expect(selectedItem()).toHaveTextContent('Late');
  });

  it('on a phone fills the row with the four words and no icons', () => {
    render(
      <AttendanceToggle
        name="Asha Singh"
        value="present"
        onChange={() => undefined}
        compact
        statuses={['present', 'absent', 'late', 'leave']}
      />,
    );
    const group = screen.getByLabelText('Attendance of Asha Singh');
    expect(group).toHaveClass('ant-segmented-block');
    expect(group.querySelector('.anticon')).toBeNull();
  });
});
