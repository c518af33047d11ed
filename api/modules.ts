import type { AppModule, Platform } from '../platform/module.js';

/**
 * The modules of the API process, in dependency order. Each module is built from the
 * platform and the public faces of the modules it needs; nothing else is shared.
 */
export interface ApiModules {
  list: AppModule[];
  /** DESIGN 16: revokes a token that was seen on plain HTTP */
  revokeExposedToken(token: string): Promise<void>;
}

export async function createModules(_platform: Platform): Promise<ApiModules> {
  return {
    list: [],
    revokeExposedToken: async () => {},
  };
}
