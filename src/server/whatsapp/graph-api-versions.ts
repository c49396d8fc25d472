// The Graph API versions the Cloud API is called through, with the day each stops working, as Meta's
// version table publishes them (tests/fake-whatsapp/CONTRACT.md, W1). `npm run doctor` warns within 90
// days of the configured version's end; the fake Cloud API refuses a version not in this table.

export interface GraphApiVersion {
  version: string;
  released: string;
  /** The last day calls through it work; null while Meta has not published it ("TBD"). */
  availableUntil: string | null;
}

export const graphApiVersions: readonly GraphApiVersion[] = [
  { version: 'v26.0', released: '2026-07-29', availableUntil: null },
  { version: 'v25.0', released: '2026-02-18', availableUntil: '2028-07-29' },
  { version: 'v24.0', released: '2025-10-08', availableUntil: '2028-02-18' },
  { version: 'v23.0', released: '2025-05-29', availableUntil: '2027-10-08' },
  { version: 'v22.0', released: '2025-01-21', availableUntil: '2027-05-20' },
  { version: 'v21.0', released: '2024-10-02', availableUntil: '2027-01-21' },
  { version: 'v20.0', released: '2024-05-21', availableUntil: '2026-09-24' },
  { version: 'v19.0', released: '2024-01-23', availableUntil: '2026-05-21' },
  { version: 'v18.0', released: '2023-09-12', availableUntil: '2026-01-26' },
  { version: 'v17.0', released: '2023-05-23', availableUntil: '2025-09-12' },
  { version: 'v16.0', released: '2023-02-02', availableUntil: '2025-05-14' },
];

/**
 * The shop's default (ADR 046): the newest version whose end Meta has published, so the doctor can count
 * down to it; a newer one is a deliberate change after reading Meta's changelog.
 */
export const defaultGraphApiVersion = 'v25.0';

/** `v25.0` of `https://graph.facebook.com/v25.0`; null when the address names no version. */
export const graphApiVersionOf = (apiUrl: string): string | null =>
  /\/(v\d+\.\d+)\/?$/.exec(new URL(apiUrl).pathname)?.[1] ?? null;

export const findGraphApiVersion = (version: string) => graphApiVersions.find((v) => v.version === version);
