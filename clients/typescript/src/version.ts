/** The package's version (package.json's; `test/clients/package.spec.ts` keeps them equal). */
export const CLIENT_VERSION = '0.2.0';
