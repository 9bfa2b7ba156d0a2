import { render, screen } from '@testing-library/react';
import { FastColor } from '@ant-design/fast-color';
import { ColourAvatar, textOn } from './ColourAvatar';

const ratio = (fg: string, bg: string) => {
  const [a, b] = [new FastColor(fg).getLuminance(), new FastColor(bg).getLuminance()];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
};

describe('ColourAvatar', () => {
  it.each(['#10B981', '#3B82F6', '#8B5CF6', '#F59E0B', '#EF4444', '#1E3A8A', '#ffffff', '#000000', '#6366f1'])(
    'puts text of at least 4.5:1 on %s',
    (bg) => {
      expect(ratio(textOn(bg), bg)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps white on a dark fill and turns black on the specification’s green and blue', () => {
    expect(textOn('#1E3A8A')).toBe('#ffffff');
    expect(textOn('#10B981')).toBe('#000000');
    expect(textOn('#3B82F6')).toBe('#000000');
  });

  it('draws the fill it is given with the readable text colour', () => {
    render(<ColourAvatar color="#10B981">A</ColourAvatar>);
    const avatar = screen.getByText('A').closest('.ant-avatar') as HTMLElement;
    expect(avatar.style.background).toBe('rgb(16, 185, 129)');
    expect(avatar.style.color).toBe('rgb(0, 0, 0)');
  });
});
