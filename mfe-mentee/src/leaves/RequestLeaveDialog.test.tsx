import { fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore, ThemeProvider } from '@portal/web-core';
import { RequestLeaveDialog } from './LeavesPage';
import { typeDate } from '../testing/typeDate';

const wrap = (ui: React.ReactElement) =>
  render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );

describe('Request Leave dialog', () => {
  it('shows the four spec messages for an empty form without calling the API', async () => {
    const fetchSpy = jest.fn();
    global.fetch = fetchSpy;
    wrap(<RequestLeaveDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByText('Leave type is required')).toBeInTheDocument();
    expect(await within(dialog).findByText('Start date is required')).toBeInTheDocument();
    expect(await within(dialog).findByText('End date is required')).toBeInTheDocument();
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses an end date before the start date', async () => {
    const fetchSpy = jest.fn();
    global.fetch = fetchSpy;
    wrap(<RequestLeaveDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    typeDate(within(dialog).getByLabelText('End date'), '2030-03-05');
    typeDate(within(dialog).getByLabelText('Start date'), '2030-03-10');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Family event' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByText('End date cannot be before the start date')).toBeInTheDocument();
    expect(within(dialog).queryByText('Start date is required')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('End date is required')).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
