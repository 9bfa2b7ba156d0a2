import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { MSG } from '@portal/contracts';
import { switchLanguage } from '@portal/web-core';
import { NewPasswordFields } from './NewPasswordFields';
import { RemoteErrorPanel } from './RemoteErrorPanel';

function Harness({ confirm, onFinish }: { confirm?: boolean; onFinish: (v: unknown) => void }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} onFinish={onFinish}>
      <NewPasswordFields name="newPassword" label="New password" confirm={confirm} />
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(async () => {
  await act(() => switchLanguage('en'));
});

describe('NewPasswordFields', () => {
  it("applies the spec's password rules", async () => {
    const onFinish = jest.fn();
    render(<Harness onFinish={onFinish} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.passwordRequired)).toBeInTheDocument();
    fill('New password', '12345');
    expect(await screen.findByText(MSG.passwordMin)).toBeInTheDocument();
    fill('New password', '       ');
    expect(await screen.findByText(MSG.passwordBlank)).toBeInTheDocument();
    expect(screen.queryByLabelText('Confirm password')).not.toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('with a confirmation, submits only when both fields say the same', async () => {
    const onFinish = jest.fn();
    render(<Harness confirm onFinish={onFinish} />);
    fill('New password', 'correct horse');
    fill('Confirm password', 'correct hose');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    fill('Confirm password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onFinish).toHaveBeenCalledWith({ newPassword: 'correct horse', confirm: 'correct horse' }),
    );
  });
});

describe('in Hindi', () => {
  it('the password rules and labels', async () => {
    await act(() => switchLanguage('hi'));
    render(
      <Form onFinish={jest.fn()}>
        <NewPasswordFields confirm />
        <Button htmlType="submit">Save</Button>
      </Form>,
    );
    fill('पासवर्ड', '12345');
    expect(await screen.findByText('पासवर्ड में कम से कम 6 अक्षर होने चाहिए')).toBeInTheDocument();
    fill('पासवर्ड की पुष्टि करें', '123');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('दोनों पासवर्ड मेल नहीं खाते')).toBeInTheDocument();
  });

  it('the error panel', async () => {
    await act(() => switchLanguage('hi'));
    render(<RemoteErrorPanel onRetry={jest.fn()} />);
    expect(screen.getByRole('heading', { name: 'कुछ गड़बड़ हो गई' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'फिर से कोशिश करें' })).toBeInTheDocument();
  });
});
