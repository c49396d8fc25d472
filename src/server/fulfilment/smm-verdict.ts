import { errorAnswer } from './smm-answers';

// What an SMM panel's answer says about the action, the same for every action (tests/fake-smm/CONTRACT.md,
// S9–S12 and the table under them): done, refused (nothing was done), try again (nothing was done, the
// panel asks to come back), or unknown (it may have been done). What each action then does with it is the
// client's (smm-panel.ts).

/** Errors that mean the request never reached the panel: sending it again cannot do it twice. */
const notSentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export type PanelVerdict =
  | { kind: 'done'; body: unknown }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'retry'; message: string }
  | { kind: 'unknown'; message: string };

/** A request that never got a whole answer: refused before it left, or lost after. */
export function verdictOfFailure(action: string, err: unknown): PanelVerdict {
  const code = (err as { cause?: { code?: string } }).cause?.code;
  const message = `${action}: ${code ?? (err as Error).name ?? 'network error'}`;
  return code && notSentCodes.has(code) ? { kind: 'retry', message } : { kind: 'unknown', message };
}

/** An answer read whole: its status and its text. */
export function verdictOf(action: string, status: number, text: string): PanelVerdict {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const error = errorAnswer.safeParse(body);
  const message = `${action}: ${error.success ? error.data.error : `HTTP ${status}`}`;
  // S12: a 429 was not done; a 5xx or an answer we cannot read may have been.
  if (status === 429) return { kind: 'retry', message };
  if (status >= 500) return { kind: 'unknown', message };
  // S9, S11: an error is a refusal whatever its 2xx or 4xx status; a 4xx is one even without the body.
  if (error.success || (status >= 400 && status < 500))
    return { kind: 'refused', status, message: error.success ? error.data.error : `HTTP ${status}` };
  if (body === undefined || status >= 300) return { kind: 'unknown', message };
  return { kind: 'done', body };
}
