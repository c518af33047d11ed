// Types of sbom-compose.mjs (plain JavaScript: build-images.sh runs it with node alone).
export interface DebPackage {
  name: string;
  version: string;
  arch: string;
  source?: string;
}
export interface Runtime {
  name: string;
  version: string;
  purl?: string;
  description?: string;
}
export const NPM_SBOM_ARGS: string[];
export function parseDpkg(text: string): DebPackage[];
export function composeImageBom(parts: {
  image: string;
  imageId?: string;
  npmBom?: any;
  debs: DebPackage[];
  runtimes: Runtime[];
  distro?: string;
  timestamp?: string;
}): any;
