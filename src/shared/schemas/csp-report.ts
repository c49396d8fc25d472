import { z } from 'zod';

// What browsers send about a Content-Security-Policy violation: the `report-uri` format
// (application/csp-report) and the Reporting API's (application/reports+json). Only the fields worth a
// log line are kept, each cut short.

const text = z
  .unknown()
  .optional()
  .transform((value) =>
    typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 300) : null,
  );

const reportUri = z.object({
  'csp-report': z.object({
    'document-uri': text,
    'effective-directive': text,
    'violated-directive': text,
    'blocked-uri': text,
    'source-file': text,
    'line-number': text,
  }),
});

const reportTo = z
  .array(
    z.object({
      type: z.literal('csp-violation'),
      body: z.object({
        documentURL: text,
        effectiveDirective: text,
        blockedURL: text,
        sourceFile: text,
        lineNumber: text,
      }),
    }),
  )
  .max(20);

export interface CspViolation {
  document: string | null;
  directive: string | null;
  blocked: string | null;
  source: string | null;
  line: string | null;
}

export const cspReportSchema = z.union([reportUri, reportTo]).transform((report): CspViolation[] =>
  Array.isArray(report)
    ? report.map(({ body }) => ({
        document: body.documentURL,
        directive: body.effectiveDirective,
        blocked: body.blockedURL,
        source: body.sourceFile,
        line: body.lineNumber,
      }))
    : [
        {
          document: report['csp-report']['document-uri'],
          directive:
            report['csp-report']['effective-directive'] ?? report['csp-report']['violated-directive'],
          blocked: report['csp-report']['blocked-uri'],
          source: report['csp-report']['source-file'],
          line: report['csp-report']['line-number'],
        },
      ],
);
