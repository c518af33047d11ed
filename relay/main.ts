import { runEntryPoint } from '../platform/entry.js';
import { startRelay } from './create-relay.js';

/** Entry point of the webhook relay process (npm run start:relay). */
runEntryPoint('relay', startRelay);
