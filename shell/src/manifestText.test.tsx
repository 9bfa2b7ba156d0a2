import { act, renderHook } from '@testing-library/react';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { switchLanguage } from '@portal/web-core';
import en from './i18n/en.json';
import { useManifestText } from './manifestText';

afterEach(async () => {
  await act(() => switchLanguage('en'));
});

describe('menu labels and refusal texts of the route manifests', () => {
  it('are shown in the chosen language, and as the manifest has them when the catalogue lacks one', async () => {
    const { result } = renderHook(() => useManifestText());
    expect(result.current('menu', 'Leaves')).toBe('Leaves');
    await act(() => switchLanguage('hi'));
    expect(result.current('menu', 'Leaves')).toBe('छुट्टियाँ');
    expect(result.current('menu', 'Audit Log')).toBe('ऑडिट लॉग');
    // Keys with dots are whole texts, not paths.
    expect(result.current('refusals', 'You need admin privileges to access this page.')).toBe(
      'इस पेज को देखने के लिए व्यवस्थापक अधिकार आवश्यक हैं।',
    );
    expect(result.current('menu', 'A Page Added Later')).toBe('A Page Added Later');
  });
});

describe('the shell catalogue', () => {
  it('has every menu label and refusal text the remotes declare', () => {
    const root = join(__dirname, '../..');
    const missing: string[] = [];
    for (const dir of readdirSync(root).filter((d) => d.startsWith('mfe-'))) {
      const file = join(root, dir, 'src/route-manifest.json');
      if (!existsSync(file)) continue;
      type Refusal = { title?: string; message: string; notice?: string };
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
        refusal?: Refusal;
        routes: { menu?: { label: string }; refusal?: Refusal }[];
      };
      const refusals = [manifest.refusal, ...manifest.routes.map((r) => r.refusal)].filter((r) => !!r);
      for (const r of manifest.routes) if (r.menu && !(r.menu.label in en.menu)) missing.push(`menu: ${r.menu.label}`);
      for (const r of refusals)
        for (const text of [r.title, r.message, r.notice])
          if (text && !(text in en.refusals)) missing.push(`refusals: ${text}`);
    }
    expect(missing).toEqual([]);
  });
});
