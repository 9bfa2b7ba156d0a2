import '@testing-library/jest-dom';
import { ReadableStream, TransformStream, WritableStream } from 'node:stream/web';
import { TextDecoder, TextEncoder } from 'node:util';
import { MessageChannel, MessagePort } from 'node:worker_threads';

// jsdom lacks what antd 6 and React Router 7 expect from a browser.
Object.assign(globalThis, { TextEncoder, TextDecoder });
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
Object.defineProperty(window, 'getComputedStyle', {
  value: (el: Element) => ({ getPropertyValue: () => '', ...(el && {}) }) as unknown as CSSStyleDeclaration,
  writable: true,
});

// jsdom has no fetch API; the session tests drive RTK Query through undici's Request and Response.
Object.assign(globalThis, { ReadableStream, TransformStream, WritableStream, MessageChannel, MessagePort });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const undici = require('undici');
Object.assign(globalThis, { Request: undici.Request, Response: undici.Response, Headers: undici.Headers });

// The find* queries wait up to 5 s, not 1: on a loaded CI machine a render after two answered requests can take over
// a second, and a wait that is too short fails at random.
// eslint-disable-next-line @typescript-eslint/no-require-imports
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });

// A text whose key is in no catalogue fails the test that rendered it (the catalogue test checks the literal keys;
// this catches the composed ones, such as `status.${value}`).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { i18n } = require('./src/i18n/i18n') as typeof import('./src/i18n/i18n');
const missingKeys: string[] = [];
i18n.options.saveMissing = true;
i18n.on('missingKey', (_languages: readonly string[], namespace: string, key: string) => {
  missingKeys.push(`${namespace}:${key}`);
});
afterEach(() => {
  if (missingKeys.length) throw new Error(`Missing in the English catalogue: ${missingKeys.splice(0).join(', ')}`);
});
