import { fireEvent, render, screen } from '@testing-library/react';
import { PlainButton } from './PlainButton';

describe('PlainButton', () => {
  it('is a plain button unless told to submit, and passes clicks on', () => {
    const onClick = jest.fn();
    const onSubmit = jest.fn((e: React.FormEvent) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <PlainButton onClick={onClick}>Refresh</PlainButton>
        <PlainButton variant="primary" submit>
          Sign In
        </PlainButton>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('while loading, says it is busy and neither submits nor calls onClick (as antd does)', () => {
    const onClick = jest.fn();
    const onSubmit = jest.fn((e: React.FormEvent) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <PlainButton submit loading onClick={onClick}>
          Sign In
        </PlainButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Sign In' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
