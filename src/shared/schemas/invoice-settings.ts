import { z } from 'zod';

// The panel's "Nota fiscal" settings (docs/nfse.md): rates in hundredths of a percent (200 = 2 %).

/** A code picked from Asaas's look-ups (digits, and the NBS's dots); null or left out: none chosen. */
const code = z
  .string()
  .trim()
  .max(20, 'Código inválido.')
  .regex(/^[\d.]+$/, 'Escolha o código na lista do Asaas.')
  .nullable()
  .default(null);

/** The IBS/CBS classification of every invoice's `taxes` (docs/nfse.md, tax reform from 01/01/2026). */
export const ibsCbsFields = [
  'nbsCode',
  'taxSituationCode',
  'taxClassificationCode',
  'operationIndicatorCode',
] as const;
export type IbsCbsField = (typeof ibsCbsFields)[number];

const rate = z
  .number({ error: 'Informe a alíquota.' })
  .int('A alíquota vai em centésimos de ponto percentual (200 = 2%).')
  .min(0, 'A alíquota não pode ser negativa.')
  .max(10_000, 'A alíquota não pode passar de 100%.');

export const invoiceSettingsSchema = z
  .object({
    enabled: z.boolean({ error: 'Informe se a nota fiscal está ligada.' }),
    issueOn: z.enum(['payment', 'delivery', 'request'], { error: 'Escolha quando emitir a nota.' }),
    municipalServiceId: z.string().trim().max(60).nullable(),
    municipalServiceCode: z.string().trim().max(60).nullable(),
    municipalServiceName: z.string().trim().max(250, 'O nome do serviço é longo demais.'),
    descriptionTemplate: z
      .string()
      .trim()
      .min(1, 'Escreva a descrição da nota.')
      .max(500, 'A descrição da nota tem no máximo 500 caracteres.'),
    retainIss: z.boolean({ error: 'Informe se o ISS é retido.' }),
    issBasisPoints: rate,
    pisBasisPoints: rate,
    cofinsBasisPoints: rate,
    csllBasisPoints: rate,
    inssBasisPoints: rate,
    irBasisPoints: rate,
    cancelOnRefund: z.boolean({ error: 'Informe se o reembolso cancela a nota.' }),
    nbsCode: code,
    taxSituationCode: code,
    taxClassificationCode: code,
    operationIndicatorCode: code,
  })
  .refine((s) => !s.enabled || ((s.municipalServiceId || s.municipalServiceCode) && s.municipalServiceName), {
    message: 'Para ligar a nota fiscal, escolha o serviço municipal.',
    path: ['municipalServiceName'],
  })
  .refine((s) => ibsCbsFields.every((f) => s[f]) || ibsCbsFields.every((f) => !s[f]), {
    message: 'Escolha os quatro códigos da classificação IBS/CBS, ou nenhum.',
    path: ['nbsCode'],
  });

export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;
