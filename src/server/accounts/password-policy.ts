import { AppError } from '../errors';

/** The operator's password policy, on every path that sets it (admin:create, reset, the panel's change). */
export const operatorPasswordMinLength = 10;
/**
 * zxcvbn's score 3 is "safely unguessable": about 10¹⁰ guesses, out of reach online and costly offline
 * against argon2id; 4 would refuse many good passphrases. ADR 027.
 */
export const operatorPasswordMinScore = 3;

type Estimator = (password: string, userInputs: string[]) => number;
let estimator: Promise<Estimator> | undefined;

/**
 * zxcvbn-ts with its common-password lists and the pt-BR dictionaries, loaded on first use (about 13 MB
 * of heap, only when an operator password is set) and kept.
 */
function strength(): Promise<Estimator> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, ptBr] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-pt-br'),
    ]);
    const zxcvbn = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...ptBr.dictionary },
      graphs: common.adjacencyGraphs,
      translations: ptBr.translations,
    });
    return (password, userInputs) => zxcvbn.check(password, userInputs).score;
  })();
  return estimator;
}

/** Words a guesser tries first against this shop's panel. */
const shopWords = ['impulso', 'admin', 'administrador', 'painel', 'loja', 'instagram', 'seguidores'];

/**
 * Throws the pt-BR 400 when `password` may not be the operator's: blank or only spaces, shorter than 10,
 * or zxcvbn score under 3 (common passwords, words, sequences, dates, the e-mail or the shop's name).
 */
export async function assertOperatorPassword(
  password: string,
  email: string,
  shopName?: string,
  field = 'password',
) {
  const refuse = (code: 'password_blank' | 'operator_password_too_short' | 'operator_password_weak') => {
    throw new AppError('invalid_input', code, undefined, { field });
  };
  if (password.trim() === '') refuse('password_blank');
  if (password.length < operatorPasswordMinLength) refuse('operator_password_too_short');
  const inputs = [email, email.split('@')[0] ?? '', ...shopWords, ...(shopName ? [shopName] : [])];
  if ((await strength())(password, inputs) < operatorPasswordMinScore) refuse('operator_password_weak');
}
