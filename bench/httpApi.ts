import type { ApiRequests, ApiResponse, RequestOptions } from '../test/support/api';

// The API process of a bench stack (bench/stack.ts startApi) behind the requests the tests' helpers make
// (test/support/fairnessScenario.ts, recordingFixtures.ts, exportFixtures.ts): the same calls over HTTP,
// without the tests' schema check (a bench times the service, not the check).

export function httpApi(url: string): ApiRequests {
  return {
    async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.apiKey !== undefined) headers['x-api-key'] = options.apiKey;
      if (options.bearer !== undefined) headers.authorization = `Bearer ${options.bearer}`;
      let body: string | Buffer | undefined;
      if (options.json !== undefined) {
        body = JSON.stringify(options.json);
        headers['content-type'] = options.contentType ?? 'application/json';
      } else if (options.raw !== undefined) {
        body = options.raw;
        if (options.contentType) headers['content-type'] = options.contentType;
      }
      const res = await fetch(url + path, { method, headers, body, redirect: 'manual' });
      const text = await res.text();
      const isJson = (res.headers.get('content-type') ?? '').includes('json');
      return {
        status: res.status,
        headers: res.headers,
        body: (isJson && text ? JSON.parse(text) : text) as T,
        text,
      };
    },
  };
}
