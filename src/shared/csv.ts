/**
 * CSV files we hand out are opened in spreadsheets, which run a cell starting with = + - @ (or a tab
 * or carriage return that hides one) as a formula (CSV injection). Such a cell gets a leading
 * apostrophe, which spreadsheets show as text and do not keep (OWASP's advice).
 */
export function neutraliseCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
