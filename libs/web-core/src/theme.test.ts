import { theme as antdTheme, type ThemeConfig } from 'antd';
import { DARK_THEME, LIGHT_THEME } from './theme';

// WCAG 2.1 contrast, computed on the tokens antd derives from our theme (alpha colours laid over their background).
type Rgba = [number, number, number, number];

function parse(color: string): Rgba {
  const hex = /^#([0-9a-f]{3,8})$/i.exec(color.trim());
  if (hex) {
    let h = hex[1];
    if (h.length <= 4) h = [...h].map((c) => c + c).join('');
    const n = (i: number) => parseInt(h.slice(i, i + 2), 16);
    return [n(0), n(2), n(4), h.length === 8 ? n(6) / 255 : 1];
  }
  const rgb = /^rgba?\(([^)]+)\)$/i.exec(color.replace(/\s/g, ''));
  if (!rgb) throw new Error(`Unreadable colour ${color}`);
  const [r, g, b, a = '1'] = rgb[1].split(',');
  return [Number(r), Number(g), Number(b), Number(a)];
}

function over(fg: Rgba, bg: Rgba): Rgba {
  const a = fg[3];
  return [0, 1, 2].map((i) => fg[i] * a + bg[i] * (1 - a)).concat(1) as Rgba;
}

function luminance([r, g, b]: Rgba): number {
  const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Contrast of a foreground on a background, which may itself be translucent over the page background. */
export function contrast(fg: string, bg: string, page = '#FFFFFF'): number {
  const back = over(parse(bg), parse(page));
  const [x, y] = [luminance(over(parse(fg), back)), luminance(back)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

const THEMES: [string, ThemeConfig][] = [
  ['light', LIGHT_THEME],
  ['dark', DARK_THEME],
];

describe.each(THEMES)('%s theme', (_name, config) => {
  const t = antdTheme.getDesignToken(config);
  const c = config.components ?? {};
  const surfaces = { container: t.colorBgContainer, layout: t.colorBgLayout, elevated: t.colorBgElevated };

  it.each([
    'colorText',
    'colorTextSecondary',
    'colorTextTertiary',
    'colorTextDescription',
    'colorTextPlaceholder',
  ] as const)('%s is at least 4.5:1 on every surface', (token) => {
    const low = Object.entries(surfaces)
      .map(([surface, bg]) => ({ surface, ratio: contrast(t[token], bg, t.colorBgLayout) }))
      .filter(({ ratio }) => ratio < 4.5);
    expect(low).toEqual([]);
    // Table headers and filled inputs sit on a light fill over the card.
    expect(contrast(t[token], t.colorFillAlter, t.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
  });

  it('white text on the primary colour (buttons, selected menu items) is at least 4.5:1, hovered and pressed too', () => {
    for (const bg of [t.colorPrimary, t.colorPrimaryHover, t.colorPrimaryActive]) {
      expect(contrast(t.colorTextLightSolid, bg)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('links are the brand colour family and at least 4.5:1 on every surface', () => {
    expect(t.colorLink).not.toBe('#1677ff');
    for (const bg of Object.values(surfaces)) expect(contrast(t.colorLink, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('control borders are at least 3:1 on the card and the page', () => {
    expect(contrast(t.colorBorder, t.colorBgContainer)).toBeGreaterThanOrEqual(3);
    expect(contrast(t.colorBorder, t.colorBgLayout)).toBeGreaterThanOrEqual(3);
  });

  it.each(['Success', 'Warning', 'Error', 'Info'] as const)(
    '%s text (status tags, form errors) is at least 4.5:1 on its own pale fill and on the card',
    (status) => {
      const text = t[`color${status}`];
      expect(contrast(text, t[`color${status}Bg`], t.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, t.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('a danger button reads at least 4.5:1 (its text on the red fill)', () => {
    const text = c.Button?.dangerColor ?? t.colorTextLightSolid;
    expect(contrast(text, t.colorError)).toBeGreaterThanOrEqual(4.5);
    // Hovered or focused (the confirmation's Delete has focus when opened from the keyboard).
    expect(contrast(text, t.colorErrorHover ?? t.colorError)).toBeGreaterThanOrEqual(4.5);
  });

  it('a default button reads at least 4.5:1 under the pointer or focus', () => {
    const hover = c.Button?.defaultHoverColor ?? t.colorPrimaryHover;
    expect(contrast(hover, t.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
  });

  it('the frame (sider, header) is of the cards’ palette', () => {
    expect(c.Layout?.siderBg?.toLowerCase()).toBe(t.colorBgContainer.toLowerCase());
    expect(c.Layout?.headerBg?.toLowerCase()).toBe(t.colorBgContainer.toLowerCase());
  });

  it('selected menu items, tabs and pages read at least 4.5:1', () => {
    // The sider's menu is antd's light menu in the light theme (brand text on the pale brand fill) and its dark menu in
    // the dark theme (white on the brand fill, checked above; the other items on the sider's colour).
    if (config === LIGHT_THEME) {
      const selected = c.Menu?.itemSelectedColor ?? t.colorPrimary;
      expect(contrast(selected, t.colorPrimaryBg, t.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
    } else {
      expect(contrast(c.Menu?.darkItemColor ?? '', c.Menu?.darkItemBg ?? '')).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(c.Tabs?.itemSelectedColor ?? t.colorPrimary, t.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(c.Pagination?.itemActiveColor ?? t.colorPrimary, t.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    'blue',
    'purple',
    'cyan',
    'green',
    'magenta',
    'red',
    'orange',
    'yellow',
    'volcano',
    'geekblue',
    'gold',
    'lime',
  ])('a pale %s tag reads at least 4.5:1', (colour) => {
    const palette = t as unknown as Record<string, string>;
    // antd keeps both spellings; its CSS variable --ant-<colour>-7 is written from either, so both must be readable.
    for (const text of [palette[`${colour}7`], palette[`${colour}-7`]]) {
      expect(contrast(text, palette[`${colour}1`], t.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
