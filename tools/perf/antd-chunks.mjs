// Chunk groups for the shell's antd code (bench/README.md, *Build plugins*).

/** A test for files under node_modules/<one of the folders>/ (folders written with /, any separator matches). */
const underPackages = (folders) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](${folders.join('|').replaceAll('/', '[\\\\/]')})[\\\\/]`);

/**
 * The shell's antd code in two files instead of ~50: each shared component loads as its own async chunk, and the
 * modules several of them use were split into dozens of sub-kilobyte chunks, each a request with its own gzip window.
 * - `antd-core`: the theme, style engine, ConfigProvider, motion and popup placement every antd page needs, sign-in
 *   included (the components' token helpers, `@ant-design/cssinjs-utils`, stay out: sign-in draws no antd component).
 * - `antd-frame`: what every signed-in page draws (the layout's menu, switch, avatar and badge; the dashboards'
 *   skeletons, empty states, tags and grid) with their `@rc-component` packages. Sign-in uses none of it (a module of
 *   it used there would bring the whole group: bench/frontend-size.mjs shows it at once).
 */
export const ANTD_GROUPS = {
  antdCore: {
    name: 'antd-core',
    test: underPackages([
      'antd/es/(theme|style|config-provider)',
      '@ant-design/(cssinjs|fast-color|colors)',
      '@rc-component/(motion|trigger|portal|resize-observer)',
      'stylis',
      '@emotion/[a-z]+',
      'clsx',
    ]),
    chunks: 'async',
    enforce: true,
    priority: 10,
  },
  antdFrame: {
    name: 'antd-frame',
    test: underPackages([
      'antd/es/(menu|badge|avatar|switch|layout|popover|skeleton|empty|tag|grid|row|col|flex|button)',
      '@rc-component/(menu|overflow|switch|form|async-validator)',
    ]),
    chunks: 'async',
    enforce: true,
    priority: 5,
  },
};
