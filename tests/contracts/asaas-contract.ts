import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

// Asaas's API v3 document (tests/contracts/asaas/README.md says where it comes from) as a validator:
// a request body against its operation's request schema, an answer against its 200 schema, any value
// against a named schema, and the enums. Strict both ways: a field the document does not list is an
// error (the adapter must send only what Asaas documents, and the fake answer only that). A null is
// read as an absent field: the document marks no field nullable, while Asaas answers null for the
// optional ones it has no value for (its reference pages show `null` examples).

type Schema = Record<string, unknown>;
interface Operation {
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const document = JSON.parse(
  readFileSync(new URL('./asaas/asaas-openapi.json', import.meta.url), 'utf8'),
) as Document;

/** Every object schema closed to fields it does not list (JSON Schema's default is open). */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, closed(v)]));
  return copy.type === 'object' && copy.properties ? { ...copy, additionalProperties: false } : copy;
}

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema({ components: closed(document.components) }, 'asaas');

const withoutNulls = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutNulls)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== null)
            .map(([k, v]) => [k, withoutNulls(v)]),
        )
      : value;

const describe = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''}`.trim());

const compiled = new Map<string, ValidateFunction>();
function validatorOf(schema: Schema): ValidateFunction {
  const key = JSON.stringify(schema);
  let found = compiled.get(key);
  if (!found) {
    // The document's refs point into its components, held by ajv under the id 'asaas'.
    const text = key.replaceAll('"#/components/', '"asaas#/components/');
    found = ajv.compile(closed(JSON.parse(text)) as Schema);
    compiled.set(key, found);
  }
  return found;
}

/**
 * The operations of a call: its path matched against the document's templates (`/v3/payments/{id}`).
 * Asaas documents some calls twice (a charge without and with card data, the second as `/v3/payments/`).
 */
export function operationsOf(method: string, path: string): Operation[] {
  const bare = path.split('?')[0]!.replace(/\/$/, '') || '/';
  return Object.entries(document.paths).flatMap(([template, operations]) => {
    const pattern = new RegExp(`^${template.replace(/\/$/, '').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    const operation = operations[method.toLowerCase()];
    return operation && pattern.test(bare) ? [operation] : [];
  });
}

/** The fewest problems among the documented forms of a call (none: one of them fits). */
const fewest = (lists: string[][]) => lists.reduce((a, b) => (b.length < a.length ? b : a));

/** What is wrong with a request body for this call ([] when it validates, or the call sends none). */
export function requestProblems(method: string, path: string, body: unknown): string[] {
  const operations = operationsOf(method, path);
  if (operations.length === 0) return [`${method} ${path}: no such operation in Asaas's document`];
  return fewest(
    operations.map((operation) => {
      const media = operation.requestBody && Object.values(operation.requestBody.content)[0];
      if (!media) return body === null || body === undefined ? [] : [`${method} ${path} takes no body`];
      const validate = validatorOf(media.schema);
      return validate(body) ? [] : describe(validate.errors).map((p) => `${method} ${path}: ${p}`);
    }),
  );
}

/** What is wrong with a 2xx answer to this call. */
export function answerProblems(method: string, path: string, body: unknown): string[] {
  const operations = operationsOf(method, path);
  if (operations.length === 0) return [`${method} ${path}: no such operation in Asaas's document`];
  return fewest(operations.map((operation) => oneAnswerProblems(operation, method, path, body)));
}

function oneAnswerProblems(operation: Operation, method: string, path: string, body: unknown): string[] {
  const media = operation.responses['200']?.content?.['application/json'];
  if (!media) return [];
  const validate = validatorOf(media.schema);
  return validate(withoutNulls(body)) ? [] : describe(validate.errors).map((p) => `${method} ${path}: ${p}`);
}

/** What is wrong with a value of one of the document's schemas (a webhook's payment or invoice). */
export function schemaProblems(name: string, value: unknown): string[] {
  const validate = validatorOf({ $ref: `#/components/schemas/${name}` });
  return validate(withoutNulls(value)) ? [] : describe(validate.errors).map((p) => `${name}: ${p}`);
}

/** The values an enum schema of the document lists. */
export function enumOf(name: string): string[] {
  const values = document.components.schemas[name]?.enum;
  if (!Array.isArray(values)) throw new Error(`${name} is not an enum of Asaas's document`);
  return values as string[];
}
