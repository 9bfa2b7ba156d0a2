import { act, render, screen } from '@testing-library/react';
import { notify } from './notify';
import { ThemeProvider } from './theme';

// The notice code downloads with the first notice: what is sent before it arrives must still show, exactly once.
describe('notify', () => {
  it('shows a notice sent before the notice code has loaded, once', async () => {
    render(
      <ThemeProvider>
        <p>page</p>
      </ThemeProvider>,
    );
    act(() => {
      notify.error('Could not save the attendance');
    });
    expect(await screen.findByText('Could not save the attendance')).toBeInTheDocument();
    expect(screen.getAllByText('Could not save the attendance')).toHaveLength(1);
  });

  it('never shows a loading notice that was closed before the notice code loaded', async () => {
    render(
      <ThemeProvider>
        <p>page</p>
      </ThemeProvider>,
    );
    act(() => {
      notify.loading('Saving...')();
      notify.success('Saved');
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.queryByText('Saving...')).not.toBeInTheDocument();
  });
});

// Notices are announced: they render inside a live region that exists before the first one (a region added together
// with its text is not read), successes politely (status), errors assertively (alert).
describe('notices for screen readers', () => {
  it('renders notices inside a polite live region, errors as alerts and the others as status', async () => {
    render(
      <ThemeProvider>
        <p>page</p>
      </ThemeProvider>,
    );
    const region = screen.getByRole('status', { name: 'Notices' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    act(() => {
      notify.success('Leave approved');
      notify.error('Could not approve the leave');
    });
    const success = await screen.findByText('Leave approved');
    const error = await screen.findByText('Could not approve the leave');
    expect(region).toContainElement(success);
    expect(region).toContainElement(error);
    expect(error.closest('[role="alert"]')).not.toBeNull();
    expect(success.closest('[role="alert"]')).toBeNull();
    // The success notice is itself a status (not only inside the region).
    expect(success.closest('[role="status"]')).not.toBe(region);
  });
});
