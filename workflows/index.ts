// Every workflow the worker registers. Workflow code is deterministic orchestration only.
export { connectivityCheck } from './connectivityCheck';
