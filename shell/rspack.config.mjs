import { createConfig } from '../tools/rspack.base.mjs';

export default createConfig({ dir: import.meta.dirname, name: 'shell', port: 4200, host: true });
