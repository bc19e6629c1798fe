/**
 * The one way browser code calls the API: `call(endpoint, input)` with an
 * endpoint from `@campus/shared/endpoints`. It fills the path, sends the body
 * (JSON, or for a multipart endpoint the FormData it builds from the typed
 * fields and files), and answers the success
 * body validated against the endpoint's answer schema, so a screen never
 * spells a path or trusts an answer's shape. Errors are the API client's
 * (read them with `readApiError`); an answer of the wrong shape throws
 * UnexpectedAnswerError.
 */
import { apiClient } from '@campus/shared/api-client';
import type { EndpointAnswer, EndpointDefinition, EndpointInput, MultipartValue, NeedsNoInput } from '../endpoints/define';
import { fillPath } from '../endpoints/define';

export class UnexpectedAnswerError extends Error {
  constructor(
    readonly endpoint: string,
    readonly issues: string,
  ) {
    super(`Unexpected answer from the API (${endpoint}): ${issues}`);
    this.name = 'UnexpectedAnswerError';
  }
}

export interface CallOptions {
  signal?: AbortSignal;
  /** The caller expects a 401 (sign-in, logout): do not apply the spec's 401 rule. */
  skipAuthRedirect?: boolean;
  /** Send this token instead of the stored one (logout sends the token it is ending). */
  token?: string;
  /** Upload progress of a multipart call, 0..1. */
  onUploadProgress?: (fraction: number) => void;
}

interface RawInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  fields?: Readonly<Record<string, MultipartValue>>;
  files?: Readonly<Record<string, File | readonly File[] | null | undefined>>;
}

/**
 * The multipart body of an endpoint that declares one: each text field that
 * has a value (undefined and null are left out; an empty string is sent, since
 * clearing a field is a change; a list once per item), then each file under its declared name.
 */
export function multipartBody(endpoint: EndpointDefinition, input: Pick<RawInput, 'fields' | 'files'>): FormData {
  const declared = endpoint.multipart?.files ?? [];
  const form = new FormData();
  for (const [name, value] of Object.entries(input.fields ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) form.append(name, String(item));
    else form.append(name, String(value));
  }
  for (const [name, value] of Object.entries(input.files ?? {})) {
    if (!declared.includes(name)) throw new Error(`${endpoint.name} declares no file field "${name}"`);
    const files: readonly File[] = value == null ? [] : value instanceof File ? [value] : value;
    for (const file of files) form.append(name, file);
  }
  return form;
}

type CallArgs<D extends EndpointDefinition> =
  NeedsNoInput<D> extends true ? [input?: EndpointInput<D>, options?: CallOptions] : [input: EndpointInput<D>, options?: CallOptions];

export async function call<D extends EndpointDefinition>(endpoint: D, ...args: CallArgs<D>): Promise<EndpointAnswer<D>> {
  const input = (args[0] ?? {}) as RawInput;
  const options: CallOptions = args[1] ?? {};
  const { onUploadProgress } = options;
  const response = await apiClient.request<unknown>({
    method: endpoint.method,
    url: fillPath(endpoint.path, input.params),
    params: input.query,
    data: endpoint.multipart ? multipartBody(endpoint, input) : input.body,
    signal: options.signal,
    skipAuthRedirect: options.skipAuthRedirect,
    headers: options.token ? { Authorization: `Bearer ${options.token}` } : undefined,
    onUploadProgress: onUploadProgress
      ? (event) => {
          if (event.total) onUploadProgress(Math.min(1, event.loaded / event.total));
        }
      : undefined,
  });
  const body = endpoint.readAnswer ? endpoint.readAnswer(response.data) : response.data;
  const parsed = endpoint.response.safeParse(body);
  if (!parsed.success) {
    throw new UnexpectedAnswerError(endpoint.name, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  return parsed.data as EndpointAnswer<D>;
}
