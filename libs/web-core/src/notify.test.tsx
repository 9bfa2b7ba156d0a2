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
