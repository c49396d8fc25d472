import { messages } from '#shared/messages.ts';
import { ApiError } from '../../lib/api';

// An admin screen never swallows a failure: a failed read or action shows the server's pt-BR reason.

/** The server's reason for a failed call; `fallback` only for a failure that carries none. */
export const failureText = (error: unknown, fallback: string = messages.internal): string =>
  error instanceof ApiError ? error.message : fallback;

/** A failure where the operator is looking; nothing when there is none. */
export function Failure({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="alert" className="mt-3 text-sm font-semibold text-red-800">
      {text}
    </p>
  );
}
