import { keepScreen, pageShown, REDRAWN_CLASS, trackLastScreen, type LastScreen } from './lastScreen';
import { SCREEN_KEY, wipeKept } from './offline';

const tokenOf = (sub: string, expiresInS = 3600) =>
  `h.${btoa(JSON.stringify({ sub, exp: Math.floor(Date.now() / 1000) + expiresInS }))}.s`;
const stored = () => JSON.parse(localStorage.getItem(SCREEN_KEY) ?? 'null') as LastScreen | null;

/** The portal's service worker in charge of the page (an installed portal), or not. */
function serviceWorker(controls: boolean) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: controls ? {} : null },
  });
}

function showPage(path: string) {
  window.history.replaceState(null, '', path);
  document.head.innerHTML =
    '<style>body{margin:0}</style><link rel="stylesheet" href="/752.css">' +
    '<style data-rc-order="prependQueue" data-token-hash="t">:root{--c:1}</style>';
  document.body.innerHTML =
    '<div id="root"><main><h1 id="title">Dashboard</h1><label for="q">Search</label><input id="q" value="typed">' +
    '<textarea>note</textarea><canvas></canvas><script>1</script><p>Present 92%</p></main></div>';
}

beforeEach(() => {
  localStorage.clear();
  serviceWorker(true);
  showPage('/dashboard');
});

describe("the installed portal's last screen", () => {
  it("keeps a picture of the signed-in page for the token's account: no ids, nothing typed, nothing that runs", () => {
    localStorage.setItem('darkMode', 'true');
    keepScreen(tokenOf('u1'), 'hi');
    const screen = stored()!;
    expect(screen).toMatchObject({ userId: 'u1', path: '/dashboard', dark: true, language: 'hi' });
    expect(screen.html).toBe(
      '<main><h1>Dashboard</h1><label>Search</label><input><textarea></textarea><p>Present 92%</p></main>',
    );
    expect(screen.head).toBe(
      '<link rel="stylesheet" href="/752.css"><style data-rc-order="prependQueue" data-token-hash="t">:root{--c:1}</style>',
    );
  });

  it('keeps nothing outside the installed portal, for signed-out pages, an expired session, or under a drawing', () => {
    serviceWorker(false);
    keepScreen(tokenOf('u1'), 'en');
    expect(stored()).toBeNull();

    serviceWorker(true);
    keepScreen(tokenOf('u1', -10), 'en');
    keepScreen(null, 'en');
    showPage('/login');
    keepScreen(tokenOf('u1'), 'en');
    expect(stored()).toBeNull();

    showPage('/dashboard');
    document.body.insertAdjacentHTML('afterbegin', '<div id="prerendered"></div>');
    keepScreen(tokenOf('u1'), 'en');
    expect(stored()).toBeNull();
  });

  it('goes with the kept answers at sign-out and every session end', () => {
    keepScreen(tokenOf('u1'), 'en');
    expect(stored()).not.toBeNull();
    wipeKept();
    expect(stored()).toBeNull();
  });

  it('a page too large for the store keeps no picture, not an older one', () => {
    keepScreen(tokenOf('u1'), 'en');
    document.querySelector('main')!.insertAdjacentHTML('beforeend', `<p>${'x'.repeat(400_000)}</p>`);
    keepScreen(tokenOf('u1'), 'en');
    expect(stored()).toBeNull();
  });
});

describe('each page shown', () => {
  beforeAll(() =>
    trackLastScreen(
      () => tokenOf('u1'),
      () => 'en',
    ),
  );
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function drawnBefore(app: string) {
    document.documentElement.classList.add(REDRAWN_CLASS);
    document.body.innerHTML = `<div id="prerendered"><h1>Dashboard</h1></div><div id="root">${app}</div>`;
  }
  const root = () => document.getElementById('root')!;

  it('replaces the drawing of the last screen once it has its heading and nothing still loading (seen twice), and is kept then', () => {
    drawnBefore('<div class="portal-spin"></div>');
    pageShown();
    jest.advanceTimersByTime(500);
    expect(document.getElementById('prerendered')).not.toBeNull();

    root().innerHTML = '<h1>Dashboard</h1><div class="ant-skeleton"></div>';
    jest.advanceTimersByTime(500);
    expect(document.getElementById('prerendered')).not.toBeNull();

    root().innerHTML = '<h1>Dashboard</h1><p>Present 93%</p>';
    jest.advanceTimersByTime(100);
    expect(document.getElementById('prerendered')).not.toBeNull();
    expect(stored()).toBeNull();
    jest.advanceTimersByTime(100);
    expect(document.getElementById('prerendered')).toBeNull();
    expect(document.documentElement.classList.contains(REDRAWN_CLASS)).toBe(false);
    jest.runOnlyPendingTimers();
    expect(stored()).toMatchObject({ userId: 'u1', path: '/dashboard', html: '<h1>Dashboard</h1><p>Present 93%</p>' });
  });

  it('with no drawing of the last screen, removes the sign-in drawing at once', () => {
    document.body.innerHTML = '<div id="prerendered"><h1>Sign in</h1></div><div id="root"></div>';
    pageShown();
    expect(document.getElementById('prerendered')).toBeNull();
  });

  it('gives up waiting after ten seconds, keeping nothing; a page left meanwhile stops waiting', () => {
    drawnBefore('<div class="portal-spin"></div>');
    pageShown();
    jest.advanceTimersByTime(9_900);
    expect(document.getElementById('prerendered')).not.toBeNull();
    jest.advanceTimersByTime(100);
    expect(document.getElementById('prerendered')).toBeNull();
    jest.runOnlyPendingTimers();
    expect(stored()).toBeNull();

    drawnBefore('<h1>Leaves</h1>');
    const stop = pageShown();
    stop();
    jest.advanceTimersByTime(20_000);
    expect(document.getElementById('prerendered')).not.toBeNull();
  });

  it('is kept again when the page is hidden or left', () => {
    document.body.innerHTML = '<div id="root"><h1>Leaves</h1></div>';
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).toMatchObject({ html: '<h1>Leaves</h1>' });
  });
});
