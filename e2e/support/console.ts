import type { Page } from '@playwright/test';

/** Console errors and warnings, page errors and CSP violations, from before the page's own scripts run. */
export async function watchConsole(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (m) => {
    // (The tests block service workers: playwright.config.ts.)
    if (/Service Worker registration blocked/.test(m.text())) return;
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.exposeFunction('__reportViolation', (text: string) => problems.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __reportViolation: (t: string) => void }).__reportViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    );
  });
  return problems;
}
