import { fireEvent, render, screen } from '@testing-library/react';
import { ColourField } from './ColourField';

describe('ColourField', () => {
  it('marks the current colour, takes a swatch, and takes any colour from the colour input in upper case', () => {
    const onChange = jest.fn();
    render(<ColourField value="#3b82f6" onChange={onChange} label="Colour" suggestedLabel="Suggested" />);
    expect(screen.getByRole('button', { name: 'Blue' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Green' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('Colour')).toHaveValue('#3b82f6');

    fireEvent.click(screen.getByRole('button', { name: 'Green' }));
    expect(onChange).toHaveBeenLastCalledWith('#10B981');
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: '#123abc' } });
    expect(onChange).toHaveBeenLastCalledWith('#123ABC');
  });
});
