// Component tests render shell pieces without a Module Federation runtime; nothing here is loaded remotely.
module.exports = { registerRemotes: () => undefined, loadRemote: async () => null, init: () => undefined };
