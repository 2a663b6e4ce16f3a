import type { Operation } from '../operation';
import { authOperations } from './auth';
import { healthOperations } from './health';

// Every operation of the API, in the order the OpenAPI document lists them. A new route module
// exports its `Operation[]` and is added here once.
export const operations: Operation[] = [...healthOperations, ...authOperations];
