import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** One rule a page breaks: its id, how bad, and the first few elements. */
export interface Finding {
  rule: string;
  impact: string;
  help: string;
  nodes: number;
  targets: string[];
}

/**
 * WCAG 2.0–2.2 A and AA and axe's best practices: every serious or critical violation, and the text axe could not
 * judge ("incomplete" colour contrast: too short, on a pseudo-element, partly covered) measured here instead of
 * skipped — white initials on a coloured avatar are exactly such text. `coloursOnly`: the colour rules alone.
 */
export async function scan(page: Page, { coloursOnly = false } = {}): Promise<Finding[]> {
  const builder = new AxeBuilder({ page })
    // Rows past the tenth repeat the first ten's markup, and a 100-student register would triple the time a page takes.
    .exclude('.ant-table-tbody > tr:nth-child(n+11)');
  // The dark theme changes colours only: its markup is the light theme's, checked there.
  if (coloursOnly) builder.withRules(['color-contrast', 'link-in-text-block']);
  else builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  const result = await builder
    // Passes are not needed, and skipping their details roughly halves the time a page takes.
    .options({ resultTypes: ['violations', 'incomplete'] })
    .analyze();
  const findings: Finding[] = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact!,
      help: v.help,
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  const unjudged = result.incomplete
    .filter((r) => r.id === 'color-contrast')
    .flatMap((r) => r.nodes.map((n) => n.target.join(' ')));
  const low = await lowContrast(page, unjudged);
  if (low.length)
    findings.push({
      rule: 'color-contrast (measured)',
      impact: 'serious',
      help: 'Text axe could not judge is below 4.5:1 (3:1 when large) against the colour behind it',
      nodes: low.length,
      targets: low.slice(0, 5),
    });
  return findings;
}

/**
 * Measures the contrast of each element's text against the first opaque background behind it (semi-transparent
 * layers blended in). Answers those below WCAG's minimum, with the ratio. A background image, or a disabled control
 * (exempt; antd marks a disabled select on its wrapper, not with an attribute), is not judged.
 */
function lowContrast(page: Page, selectors: string[]): Promise<string[]> {
  if (!selectors.length) return Promise.resolve([]);
  return page.evaluate((targets) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const [r, g, b, a = 1] = (css.match(/[\d.]+/g) ?? ['0', '0', '0', '0']).map(Number);
      return [r, g, b, a];
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3] + below[3] * (1 - top[3]);
      if (!a) return [0, 0, 0, 0];
      const mix = (i: number) => (top[i] * top[3] + below[i] * below[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const low: string[] = [];
    for (const selector of targets) {
      const el = document.querySelector<HTMLElement>(selector);
      if (!el || !el.textContent?.trim() || el.closest('[disabled], [aria-disabled="true"], .ant-select-disabled'))
        continue;
      const style = getComputedStyle(el);
      // The layers behind the text, nearest first, until an opaque one.
      const layers: Rgba[] = [];
      let image = false;
      for (let node: Element | null = el; node; node = node.parentElement) {
        const s = getComputedStyle(node);
        if (s.backgroundImage !== 'none') image = true;
        const bg = parse(s.backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      if (image) continue;
      let bg: Rgba = [255, 255, 255, 1]; // the canvas
      for (const layer of layers.reverse()) bg = over(layer, bg);
      const fg = over(parse(style.color), bg);
      const [l1, l2] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) low.push(`${selector} ${ratio.toFixed(2)}:1`);
    }
    return low;
  }, selectors);
}

/**
 * WCAG 2.4.11 (focus not obscured): focuses each control the Tab key reaches, as Tab would (the browser scrolls it into
 * view), and answers those a sticky header, a fixed bar or anything else then covers entirely. In one script: a key
 * press and a look per control would cost seconds a page.
 */
export function focusHidden(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const TABBABLE =
      'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';
    const hidden: string[] = [];
    const start = { x: scrollX, y: scrollY };
    for (const el of document.querySelectorAll<HTMLElement>(TABBABLE)) {
      if (el.matches(':disabled, [tabindex="-1"], [type="hidden"]') || el.closest('[inert], [aria-hidden="true"]'))
        continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || !el.getClientRects().length) continue;
      el.focus();
      if (document.activeElement !== el) continue;
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      // A grid of points over the control, inside the window: one showing it (or its own parts, or its label) is enough.
      const points: [number, number][] = [];
      for (const fx of [0.1, 0.5, 0.9])
        for (const fy of [0.1, 0.5, 0.9]) points.push([r.left + r.width * fx, r.top + r.height * fy]);
      const shown = points.some(([x, y]) => {
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
        const top = document.elementFromPoint(x, y);
        return !!top && (el.contains(top) || top.contains(el) || !!el.closest('label')?.contains(top));
      });
      if (!shown) {
        const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || el.tagName)
          .trim()
          .slice(0, 40);
        hidden.push(`${el.tagName.toLowerCase()} "${name}"`);
      }
    }
    (document.activeElement as HTMLElement | null)?.blur();
    scrollTo(start.x, start.y);
    return hidden;
  });
}
