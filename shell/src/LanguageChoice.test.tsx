import { act, fireEvent, render, screen } from '@testing-library/react';
import { Empty } from 'antd';
import { setI18n } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore, i18n, LANGUAGE_KEY, switchLanguage, ThemeProvider } from '@portal/web-core';
import { LoginPage } from './pages/LoginPage';

function renderLogin() {
  return render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <MemoryRouter>
          <LoginPage />
          {/* An antd part with its own text: it follows antd's locale. */}
          <Empty />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
}

afterEach(async () => {
  await act(() => switchLanguage('en'));
  localStorage.clear();
});

describe('the language choice on the sign-in page', () => {
  it('switches the page and antd to Hindi, remembers it, and a fresh start reads it back', async () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));

    expect(await screen.findByRole('heading', { name: 'फिर से स्वागत है' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'साइन इन करें' })).toBeInTheDocument();
    expect(screen.getByLabelText('ई-मेल')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'खाता बनाएँ' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('कोई आकड़ा उपलब्ध नहीं है', { selector: '.ant-empty-description' })).toBeInTheDocument();
    expect(screen.queryByText('Welcome back')).not.toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');

    // Hindi validation texts come from the common catalogue.
    fireEvent.click(screen.getByRole('button', { name: 'साइन इन करें' }));
    expect(await screen.findByText('ई-मेल आवश्यक है')).toBeInTheDocument();

    // A new page load: a fresh i18n instance starts in the saved language.
    let fresh: typeof i18n | undefined;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      fresh = (require('../../libs/web-core/src/i18n/i18n') as { i18n: typeof i18n }).i18n;
    });
    // The fresh instance registered itself with react-i18next: hand the page's own back.
    setI18n(i18n);
    expect(fresh?.language).toBe('hi');
  });

  it('a new render in the saved language shows Hindi from the start, and English comes back', async () => {
    await act(() => switchLanguage('hi'));
    const { unmount } = renderLogin();
    expect(screen.getByRole('heading', { name: 'फिर से स्वागत है' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByText('No data', { selector: '.ant-empty-description' })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    unmount();
  });
});
