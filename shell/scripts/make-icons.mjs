// Renders the app icons (PNG) from their SVG sources with the system Chromium: run after changing an SVG and commit
// the PNGs. `node shell/scripts/make-icons.mjs` (CHROMIUM_PATH overrides /usr/bin/chromium).
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const icons = join(import.meta.dirname, '..', 'public', 'icons');
const outputs = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['icon-maskable.svg', 'icon-maskable-512.png', 512],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
for (const [source, target, size] of outputs) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const svg = readFileSync(join(icons, source), 'utf8');
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
  );
  await page.screenshot({ path: join(icons, target), omitBackground: true });
  await page.close();
  process.stdout.write(`${target} (${size} px)\n`);
}
await browser.close();
