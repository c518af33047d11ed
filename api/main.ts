import { runEntryPoint } from '../platform/entry.js';
import { loadConfig } from '../config/index.js';
import { startApi } from './create-api.js';

/** Entry point of the API process (npm run start:api; `npm start` runs it with the relay). */
runEntryPoint('api', () => loadConfig(), startApi);
