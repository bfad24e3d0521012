// pg's value conversion (postgres-carried.ts); pg's own typings do not declare this file.
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): unknown };
  export default utils;
}
