import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore, PRERENDERED_ID, ThemeProvider } from '@portal/web-core';
import { LoginPage } from './pages/LoginPage';
import { iconStyles, languages, renderSignIn } from './prerender';

describe("the build's drawing of the sign-in page", () => {
  it('is the sign-in form in English, in the theme asked for, whatever the saved theme', () => {
    localStorage.setItem('darkMode', 'true');
    const light = renderSignIn(false);
    localStorage.setItem('darkMode', 'false');
    const dark = renderSignIn(true);
    localStorage.clear();
    for (const html of [light, dark]) {
      expect(html).toContain('Welcome back');
      expect(html).toMatch(/<label for="signin-email"[^>]*>Email<\/label>/);
      expect(html).toMatch(
        /<input[^>]*id="signin-password"[^>]*type="password"|<input[^>]*type="password"[^>]*id="signin-password"/,
      );
      expect(html).toContain('href="/signup"');
    }
    // AuthShell's backdrop: pale blue in the light theme, navy in the dark one.
    expect(light).toContain('#F4F6FB');
    expect(light).not.toContain('#0B1220');
    expect(dark).toContain('#0B1220');
    expect(languages).toEqual(['en', 'hi']);
    expect(iconStyles).toContain('.anticon');
  });

  it('gives way to the sign-in page when it mounts', () => {
    const drawing = document.createElement('div');
    drawing.id = PRERENDERED_ID;
    document.body.append(drawing);
    render(
      <Provider store={createStore()}>
        <ThemeProvider>
          <MemoryRouter>
            <LoginPage />
          </MemoryRouter>
        </ThemeProvider>
      </Provider>,
    );
    expect(document.getElementById(PRERENDERED_ID)).toBeNull();
  });
});
