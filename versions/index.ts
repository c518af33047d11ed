import { ApiVersions } from '../platform/api-versions/api-versions.js';
import { change20261126 } from './2026-11-26.js';

/**
 * The partner API's dated versions, oldest first. `2023-06-26` is the version of the
 * published 1.0 document (its SDKs' build); each later version is one file here saying
 * what it changed and how to undo that for the versions before it. A new version: copy
 * the newest file's form, list it below, and nothing else in the service changes.
 */
export const PUBLISHED_API_VERSION = '2023-06-26';

export const apiVersions = new ApiVersions(PUBLISHED_API_VERSION, [change20261126]);

export const CURRENT_API_VERSION = apiVersions.current;
