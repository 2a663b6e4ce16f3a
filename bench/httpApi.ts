import { sendRequest, type ApiRequests, type ApiResponse, type RequestOptions } from '../test/support/api';

// The API process of a bench stack (bench/stack.ts startApi) behind the requests the tests' helpers make
// (test/support/fairnessScenario.ts, recordingFixtures.ts, exportFixtures.ts): the same calls over HTTP,
// without the tests' schema check (a bench times the service, not the check).

export function httpApi(url: string): ApiRequests {
  return {
    request: <T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> =>
      sendRequest<T>(url, method, path, options),
  };
}
