/** Tiny fetch helpers that always return status, headers and the parsed body. */
export interface HttpResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export async function http<T = unknown>(
  url: string,
  {
    method = 'GET',
    headers = {},
    json,
    raw,
    body: form,
  }: {
    method?: string;
    headers?: Record<string, string>;
    json?: unknown;
    raw?: string;
    body?: FormData;
  } = {},
): Promise<HttpResult<T>> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (json !== undefined) {
    init.body = JSON.stringify(json);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  } else if (raw !== undefined) {
    init.body = raw;
  } else if (form !== undefined) {
    init.body = form;
  }
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: body as T };
}
