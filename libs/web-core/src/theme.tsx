import { ConfigProvider, theme as antdTheme } from 'antd';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { NoticeHost } from './notify';

export const DARK_MODE_KEY = 'darkMode';

interface ThemeMode {
  darkMode: boolean;
  toggle: () => void;
}

const ThemeContext = createContext<ThemeMode | null>(null);

export function readDarkMode(): boolean {
  try {
    return localStorage.getItem(DARK_MODE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** antd theme for the whole page (shell and remotes), light or dark, persisted per browser as darkMode. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [darkMode, setDarkMode] = useState(readDarkMode);
  const toggle = useCallback(() => setDarkMode((d) => !d), []);
  useEffect(() => {
    try {
      localStorage.setItem(DARK_MODE_KEY, String(darkMode));
    } catch {
      /* not persisted in private mode */
    }
    document.documentElement.dataset.theme = darkMode ? 'dark' : 'light';
    document.documentElement.style.colorScheme = darkMode ? 'dark' : 'light';
  }, [darkMode]);
  const value = useMemo(() => ({ darkMode, toggle }), [darkMode, toggle]);
  return (
    <ThemeContext.Provider value={value}>
      <ConfigProvider
        theme={{
          algorithm: darkMode ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
          token: {
            colorPrimary: '#3B82F6',
            colorSuccess: '#10B981',
            colorWarning: '#F59E0B',
            colorError: '#EF4444',
            borderRadius: 10,
            fontFamily: "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
            colorBgLayout: darkMode ? '#0B1220' : '#F4F6FB',
          },
          components: {
            Layout: {
              siderBg: darkMode ? '#0F172A' : '#FFFFFF',
              headerBg: darkMode ? '#0F172A' : '#FFFFFF',
              triggerBg: darkMode ? '#0F172A' : '#FFFFFF',
              triggerColor: darkMode ? '#CBD5E1' : '#475569',
            },
          },
        }}
      >
        <PageBase>
          <NoticeHost />
          {children}
        </PageBase>
      </ConfigProvider>
    </ThemeContext.Provider>
  );
}

/** The page's base text style from the theme (what antd's App component sets, without its modal and message code). */
function PageBase({ children }: { children: ReactNode }) {
  const { token } = antdTheme.useToken();
  return (
    <div
      style={{
        minHeight: '100vh',
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

export function useThemeMode(): ThemeMode {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useThemeMode must be used inside ThemeProvider');
  return ctx;
}
