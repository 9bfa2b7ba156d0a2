import { fireEvent, render, screen, within } from '@testing-library/react';
import { Form } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore, ThemeProvider } from '@portal/kit';
import { ProfileFields } from './ProfileFields';
import { AddUserDialog, createUserError } from './UserFormDialogs';

const wrap = (ui: React.ReactElement) => render(
  <Provider store={createStore()}><ThemeProvider><MemoryRouter>{ui}</MemoryRouter></ThemeProvider></Provider>,
);

describe('Add New User dialog', () => {
  it('asks for role, e-mail and password, and shows the role\'s own fields', async () => {
    const fetchSpy = jest.fn();
    global.fetch = fetchSpy;
    wrap(<AddUserDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText('Role is required')).toBeInTheDocument();
    expect((await within(dialog).findAllByText('Email and password are required')).length).toBe(2);
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: '123' } });
    expect(await within(dialog).findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Class')).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('maps create failures to the spec\'s messages', () => {
    expect(createUserError({ status: 409, data: { message: 'x' } })).toBe('User with this email already exists');
    expect(createUserError({ status: 400, data: {} })).toBe('Invalid user data provided');
    expect(createUserError({ status: 400, data: { message: ['Class is required'] } })).toBe('Class is required');
    expect(createUserError({ status: 500, data: {} })).toBe('Server error. Please try again later.');
    expect(createUserError({ status: 'FETCH_ERROR' })).toBe('Failed to create user');
  });
});

describe('profile fields', () => {
  function Harness({ role }: { role: 'mentor' | 'mentee' }) {
    const [form] = Form.useForm();
    return <Form form={form} onFinish={() => undefined}><ProfileFields role={role} /><button type="submit">Save</button></Form>;
  }

  it('requires the full name and refuses negative experience for a mentor', async () => {
    wrap(<Harness role="mentor" />);
    fireEvent.change(screen.getByLabelText('Experience (years)'), { target: { value: '-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.queryByLabelText('Blood group')).not.toBeInTheDocument();
  });

  it('shows the mentee fields and requires class and section', async () => {
    wrap(<Harness role="mentee" />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Class is required')).toBeInTheDocument();
    expect(await screen.findByText('Section is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Blood group')).toBeInTheDocument();
    expect(screen.queryByLabelText('Subjects')).not.toBeInTheDocument();
  });
});
