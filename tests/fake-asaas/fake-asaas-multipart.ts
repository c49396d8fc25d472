// multipart/form-data bodies (POST /v3/fiscalInfo/ takes only these): read with the platform's own
// parser, a file part kept as its name and size, since the fake only checks that one was sent.

export type FormFile = { filename: string; size: number };
export type FormBody = Record<string, string | FormFile>;

/** The form's fields, or null when the body is not multipart. */
export async function readForm(contentType: string | undefined, raw: Buffer): Promise<FormBody | null> {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data')) return null;
  const form = await new Request('http://fake/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new Uint8Array(raw),
  }).formData();
  const fields: FormBody = {};
  for (const [name, value] of form.entries())
    fields[name] = typeof value === 'string' ? value : { filename: value.name, size: value.size };
  return fields;
}

export const isFile = (value: unknown): value is FormFile =>
  typeof value === 'object' && value !== null && 'filename' in value && 'size' in value;
