/** Collects bind parameters while SQL text is assembled, so no value is ever spliced into SQL. */
export class SqlParams {
  readonly values: unknown[] = [];

  constructor(start: readonly unknown[] = []) {
    this.values.push(...start);
  }

  /** Adds a value and answers its placeholder ("$3"). */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
