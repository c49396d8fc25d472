import { messages } from '../../shared/messages';

/** An API answer that was not 2xx, with the server's pt-BR message. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get field(): string | undefined {
    return typeof this.body.field === 'string' ? this.body.field : undefined;
  }
}

export interface RequestOptions {
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort('timeout'), options.timeoutMs ?? 70_000);
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch {
    throw controller.signal.reason === 'timeout'
      ? new ApiError('Servidor demorou para responder. Tente novamente.', 0, 'timeout')
      : new ApiError('Problema de conexão. Verifique sua internet e tente novamente.', 0, 'network');
  } finally {
    clearTimeout(timer);
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new ApiError(
      'Sistema temporariamente indisponível. Tente novamente em alguns minutos.',
      response.status,
      'unreadable',
    );
  }
  if (!response.ok) {
    const errorBody = isRecord(data) ? data : {};
    throw new ApiError(
      typeof errorBody.message === 'string' ? errorBody.message : messages.internal,
      response.status,
      typeof errorBody.code === 'string' ? errorBody.code : 'unknown',
      errorBody,
    );
  }
  // The one place an answer takes its type: each client module names the shared type its route answers
  // with (src/shared/schemas), and the server builds the answer from that same type.
  return data as T;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  patch: <T>(path: string, body: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
};
