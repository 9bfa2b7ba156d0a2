import { createConfig } from '../tools/rspack.base.mjs';

export default createConfig({ dir: import.meta.dirname, name: 'mfe_guardian', port: 4205 });
