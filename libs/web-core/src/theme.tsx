import {
  CalendarOutlined,
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  DownOutlined,
  EllipsisOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
  LoadingOutlined,
} from '@ant-design/icons';
import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { NoticeHost } from './notify';
import { useTranslation } from 'react-i18next';
import type { Language } from './i18n/i18n';
import { antdLocale } from './i18n/locale';

export const DARK_MODE_KEY = 'darkMode';

/** antd's alert icons, hidden from screen readers: antd names them in English ("info-circle"), read before the text. */
const ALERT_ICONS = {
  successIcon: <CheckCircleFilled aria-hidden />,
  infoIcon: <InfoCircleFilled aria-hidden />,
  warningIcon: <ExclamationCircleFilled aria-hidden />,
  errorIcon: <CloseCircleFilled aria-hidden />,
};

/**
 * The icons antd draws inside its fields and tabs, which it names in English ("down", "calendar", "close-circle"):
 * hidden, since the field they belong to is named already.
 */
const SELECT_ICONS = {
  suffixIcon: <DownOutlined aria-hidden />,
  loadingIcon: <LoadingOutlined spin aria-hidden />,
  clearIcon: <CloseCircleFilled aria-hidden />,
  removeIcon: <CloseOutlined aria-hidden />,
};
const PICKER_ICONS = { suffixIcon: <CalendarOutlined aria-hidden />, clearIcon: <CloseCircleFilled aria-hidden /> };

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

const FONT = "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

const PRESET_COLOURS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'gold',
  'lime',
] as const;

/**
 * A pale preset tag (<Tag color="green">) writes in its palette's 7th shade, under 4.5:1 on its fill for half the
 * colours (green 3.4:1, gold 2.8:1; purple 3.4:1 in the dark theme). The 9th shade reads at least 5:1 for every colour
 * in both themes: it takes the 7th's place.
 */
function readablePresetTags(algorithm: typeof antdTheme.defaultAlgorithm): Record<string, string> {
  const palette = antdTheme.getDesignToken({ algorithm }) as unknown as Record<string, string>;
  // Both spellings: antd keeps green7 and green-7, and its CSS variable (--ant-green-7) takes the later one.
  return Object.fromEntries(
    PRESET_COLOURS.flatMap((c) => [
      [`${c}7`, palette[`${c}9`]],
      [`${c}-7`, palette[`${c}9`]],
    ]),
  );
}

/**
 * WCAG 2.1 AA is set here, in the tokens, not per component (theme.test.ts checks the pairs): text at least 4.5:1 on
 * the backgrounds it sits on, control borders 3:1, white on the primary colour 4.5:1. The brand blue is #2563EB
 * (white on #3B82F6 is only 3.7:1); links are the brand colour, not antd's default blue.
 */
export const LIGHT_THEME: ThemeConfig = {
  algorithm: antdTheme.defaultAlgorithm,
  zeroRuntime: true,
  token: {
    ...readablePresetTags(antdTheme.defaultAlgorithm),
    colorPrimary: '#2563EB',
    // Hover and press darken (antd lightens), so white text stays readable while the pointer is on a button.
    colorPrimaryHover: '#1D4ED8',
    colorPrimaryActive: '#1E40AF',
    colorInfo: '#2563EB',
    colorLink: '#2563EB',
    colorLinkHover: '#1D4ED8',
    colorLinkActive: '#1E40AF',
    // Status colours are also the text of status tags and form errors: dark enough to read on their pale backgrounds.
    colorSuccess: '#047857',
    colorWarning: '#B45309',
    colorError: '#B91C1C',
    // As with the primary colour: a danger button under the pointer or keyboard focus darkens, keeping its text readable.
    colorErrorHover: '#991B1B',
    colorErrorActive: '#7F1D1D',
    // antd derives greyish fills from dark seeds: the pale status fills are given.
    colorSuccessBg: '#ECFDF5',
    colorSuccessBorder: '#6EE7B7',
    colorWarningBg: '#FFFBEB',
    colorWarningBorder: '#FCD34D',
    colorErrorBg: '#FEF2F2',
    colorErrorBorder: '#FCA5A5',
    colorTextSecondary: '#475569',
    colorTextTertiary: '#556174',
    colorTextDescription: '#556174',
    colorTextPlaceholder: '#5F6B7E',
    colorIcon: '#556174',
    colorBorder: '#838C9C',
    colorBorderSecondary: '#E2E8F0',
    colorBgLayout: '#F4F6FB',
    borderRadius: 10,
    fontFamily: FONT,
  },
  components: {
    Layout: {
      siderBg: '#FFFFFF',
      lightSiderBg: '#FFFFFF',
      headerBg: '#FFFFFF',
      triggerBg: '#FFFFFF',
      triggerColor: '#475569',
    },
  },
};

/** Dark: one slate-navy family for the frame, the cards and the pop-ups (was a navy frame around near-black cards). */
const DARK = { layout: '#0B1220', container: '#111A2E', elevated: '#17233D', spotlight: '#24324D' };

export const DARK_THEME: ThemeConfig = {
  algorithm: antdTheme.darkAlgorithm,
  zeroRuntime: true,
  token: {
    ...readablePresetTags(antdTheme.darkAlgorithm),
    // Fills keep white text at 4.5:1; where the brand colour is text on the dark background it is the lighter blue.
    colorPrimary: '#2563EB',
    colorPrimaryHover: '#1D4ED8',
    colorPrimaryActive: '#1E40AF',
    colorInfo: '#60A5FA',
    colorLink: '#60A5FA',
    colorLinkHover: '#93C5FD',
    colorLinkActive: '#3B82F6',
    colorSuccess: '#34D399',
    colorWarning: '#FBBF24',
    colorError: '#F87171',
    // Dark text on the red: hover and focus lighten it, so the text stays readable.
    colorErrorHover: '#FCA5A5',
    colorErrorActive: '#FECACA',
    colorText: '#E2E8F0',
    colorTextHeading: '#F1F5F9',
    colorTextSecondary: '#CBD5E1',
    colorTextTertiary: '#A3B1C6',
    colorTextDescription: '#A3B1C6',
    colorTextPlaceholder: '#94A3B8',
    colorIcon: '#A3B1C6',
    colorBorder: '#6B7A93',
    colorBorderSecondary: '#26344F',
    colorBgLayout: DARK.layout,
    colorBgContainer: DARK.container,
    colorBgElevated: DARK.elevated,
    colorBgSpotlight: DARK.spotlight,
    borderRadius: 10,
    fontFamily: FONT,
  },
  components: {
    Layout: {
      siderBg: DARK.container,
      headerBg: DARK.container,
      bodyBg: DARK.layout,
      triggerBg: DARK.container,
      triggerColor: '#CBD5E1',
    },
    Menu: {
      darkItemBg: DARK.container,
      darkSubMenuItemBg: DARK.container,
      darkPopupBg: DARK.elevated,
      darkItemColor: '#CBD5E1',
      darkItemHoverColor: '#FFFFFF',
    },
    Tabs: {
      itemSelectedColor: '#93C5FD',
      itemHoverColor: '#BFDBFE',
      itemActiveColor: '#93C5FD',
      inkBarColor: '#60A5FA',
    },
    Pagination: { itemActiveColor: '#93C5FD', itemActiveColorHover: '#BFDBFE' },
    // A red fill that holds white text would be too dark to read as text on the dark cards: dark text on light red.
    // A default button under the pointer or focus takes the light blue of links, not the fill's dark blue.
    Button: {
      dangerColor: DARK.layout,
      defaultHoverColor: '#BFDBFE',
      defaultHoverBorderColor: '#93C5FD',
      defaultActiveColor: '#93C5FD',
      defaultActiveBorderColor: '#60A5FA',
    },
    // A count's white figure on the light red of dark text would be 3.6:1: the count keeps the light theme's red.
    Badge: { colorError: '#B91C1C' },
  },
};

/**
 * antd theme and locale for the whole page (shell and remotes), light or dark, persisted per browser as darkMode.
 * `darkMode` starts it in that theme instead of the saved one (the build's drawing of the sign-in page, in both).
 */
export function ThemeProvider({ children, darkMode: initial }: { children: ReactNode; darkMode?: boolean }) {
  const [darkMode, setDarkMode] = useState(initial ?? readDarkMode);
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
  // antd's own texts (pagination, pickers, empty tables) follow the portal's language.
  const { t, i18n } = useTranslation('common');
  // The tab bar's overflow button has no name of its own: its icon names it, in the page's language.
  const tabs = useMemo(() => ({ moreIcon: <EllipsisOutlined aria-label={t('moreTabs')} /> }), [t]);
  return (
    <ThemeContext.Provider value={value}>
      <ConfigProvider
        theme={darkMode ? DARK_THEME : LIGHT_THEME}
        locale={antdLocale(i18n.language as Language)}
        alert={ALERT_ICONS}
        select={SELECT_ICONS}
        datePicker={PICKER_ICONS}
        tabs={tabs}
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
