import { getTableColumns, getTableName, type Column, type InferSelectModel, type Table } from 'drizzle-orm';

// What a column's value must be once read back, by Drizzle's data type (timestamps already Dates).
const valueChecks: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  boolean: (value) => typeof value === 'boolean',
  json: () => true,
  date: (value) => value instanceof Date && !Number.isNaN(value.getTime()),
};

// Read once per table: these run for every order's two rows.
const columnLists = new WeakMap<Table, Array<[string, Column]>>();
function columnsOf(table: Table): Array<[string, Column]> {
  let columns = columnLists.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table));
    columnLists.set(table, columns);
  }
  return columns;
}

function isRowOf<T extends Table>(table: T, row: Record<string, unknown>): row is InferSelectModel<T> {
  return columnsOf(table).every(([key, column]) => {
    const value = row[key];
    return value === null ? !column.notNull : (valueChecks[column.dataType]?.(value) ?? false);
  });
}

/**
 * A row that came back as JSON (`row_to_json`: snake_case keys, ISO timestamps) as Drizzle would have
 * returned it, each column checked against its declared type: a row that does not fit fails here,
 * at the query, instead of travelling on under a type it does not have.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) {
    const value = json[column.name] ?? null;
    row[key] = value !== null && column.dataType === 'date' ? new Date(String(value)) : value;
  }
  if (!isRowOf(table, row))
    throw new Error(`${getTableName(table)}: a returned row does not fit its columns`);
  return row;
}
