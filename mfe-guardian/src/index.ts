// A remote is used through its exposed modules (see rspack.config.mjs); this entry only exists for the build.
export {};
